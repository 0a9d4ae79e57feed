// The plan of `unit apply` on stderr: one line per change, each modification and route with its
// diff (as `unit app modify` and `unit route set` show theirs), the deletions marked.
import type { Context } from '../../../context.js';
import { jsonDiff, type DiffLine } from '../../../unit/diff.js';
import { sortKeys } from '../../../unit/site.js';
import type { Step } from '../../../unit/site-plan.js';
import { showDiff } from '../app/_shared/shared.js';

const what = (step: Step): string =>
  step.kind === 'application' ? `application ${step.name}` : `route set ${step.name}`;

export const describeStep = (step: Step): string => `${step.action} ${what(step)}`;

export async function showPlan(
  ctx: Context,
  domain: string,
  source: string,
  changes: readonly Step[],
): Promise<void> {
  const count = `${String(changes.length)} change${changes.length === 1 ? '' : 's'}`;
  ctx.log.info(`Plan for ${domain} from ${source}: ${count}.`);
  for (const step of changes) {
    const title = `${step.action === 'delete' ? '-' : step.action === 'create' ? '+' : '~'} ${describeStep(step)}`;
    if (step.action === 'delete') {
      ctx.log.info(title, 'red');
      continue;
    }
    // Sorted as the document is, so only what differs shows; something new is all additions.
    const before = sortKeys(step.before ?? []);
    const after = sortKeys(step.after);
    const fresh = Array.isArray(before) && before.length === 0;
    const diff = fresh
      ? JSON.stringify(after, null, 2)
          .split('\n')
          .map((text): DiffLine => ({ op: '+', text }))
      : await jsonDiff(before, after);
    showDiff(ctx, `${title}:`, diff);
  }
}
