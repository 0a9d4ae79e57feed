// Sends the plan of `unit apply` step by step and reports each step's outcome. It stops at the
// first step that fails: a later one may depend on it (a route on its application). A lost answer
// is the one "may have been made" case of every change (src/api/sent.ts). Some steps done and
// others not is exit 7, naming what remains; running the same apply again plans only that.
import {
  createAppRequest,
  deleteAppsRequest,
  modifyAppRequest,
  type AppDefinition,
} from '../../../api/unit.js';
import { deleteRoutesRequest, setRouteRequest } from '../../../api/unit-routes.js';
import { mayHaveMade } from '../../../api/sent.js';
import { DRY_RUN, type Context } from '../../../context.js';
import { DactlError, PartialError } from '../../../errors.js';
import type { PanelRequest } from '../../../http/transport.js';
import { subdomainOf } from '../../../unit/site.js';
import type { Step } from '../../../unit/site-plan.js';
import { sendChange } from '../app/_shared/shared.js';
import { describeStep } from './show.js';

type Outcome = 'done' | 'unchanged' | 'failed' | 'unknown' | 'not-sent' | 'dry-run';

interface OutcomeRow {
  kind: Step['kind'];
  name: string;
  action: Step['action'];
  outcome: Outcome;
}

function requestOf(step: Step, domain: string): PanelRequest {
  const { name } = step;
  if (step.kind === 'route-set') {
    if (step.action === 'delete') return deleteRoutesRequest(domain, [name]);
    return setRouteRequest(domain, subdomainOf(name, domain), step.after as unknown[]);
  }
  if (step.action === 'delete') return deleteAppsRequest(domain, [name]);
  const app = step.after as AppDefinition;
  return (step.action === 'create' ? createAppRequest : modifyAppRequest)(domain, name, app);
}

const words: Record<Step['action'], string> = {
  create: 'Created',
  modify: 'Modified',
  set: 'Set',
  delete: 'Deleted',
  none: 'Kept',
};

/** Sends the changes in order; the outcome of every step, unchanged ones included. */
export async function runSteps(
  ctx: Context,
  target: { domain: string; user: string },
  steps: readonly Step[],
): Promise<void> {
  const { domain, user } = target;
  const check = `dactl unit export --domain ${domain}`;
  const rows: OutcomeRow[] = [];
  let failure: { step: Step; error: unknown } | undefined;
  for (const step of steps) {
    const row = { kind: step.kind, name: step.name, action: step.action };
    if (step.action === 'none') {
      rows.push({ ...row, outcome: 'unchanged' });
      continue;
    }
    if (failure !== undefined) {
      rows.push({ ...row, outcome: 'not-sent' });
      continue;
    }
    try {
      const what = `the step "${describeStep(step)}"`;
      const said = await sendChange(ctx, requestOf(step, domain), { domain, user, what, check });
      if (said === DRY_RUN) {
        rows.push({ ...row, outcome: 'dry-run' });
        continue;
      }
      ctx.log.success(
        `${words[step.action]} ${describeStep(step).replace(/^\w+ /, '')} (the panel said: ${said}).`,
      );
      rows.push({ ...row, outcome: 'done' });
    } catch (error) {
      failure = { step, error };
      rows.push({ ...row, outcome: mayHaveMade(error) ? 'unknown' : 'failed' });
    }
  }
  if (ctx.options.dryRun) return;
  const left = rows.filter((r) => r.outcome === 'not-sent');
  for (const r of left)
    ctx.log.warn(
      `Not sent: ${r.action} ${r.kind === 'application' ? 'application' : 'route set'} ${r.name}.`,
    );
  if (ctx.format !== 'table') {
    await ctx.out.list(rows, [
      { key: 'kind', header: 'KIND' },
      { key: 'name', header: 'NAME' },
      { key: 'action', header: 'ACTION' },
      { key: 'outcome', header: 'OUTCOME' },
    ]);
  }
  if (failure === undefined) return;
  const done = rows.filter((r) => r.outcome === 'done').length;
  if (done === 0) throw failure.error;
  throw partial(failure, done, rows, domain);
}

function partial(
  failure: { step: Step; error: unknown },
  done: number,
  rows: readonly OutcomeRow[],
  domain: string,
): PartialError {
  const { step, error } = failure;
  const message = error instanceof Error ? error.message : String(error);
  const hint = error instanceof DactlError ? error.hint : undefined;
  const uncertain = mayHaveMade(error);
  const left = rows.filter((r) => r.outcome === 'not-sent');
  const remains = left.length
    ? ` Not sent: ${left.map((r) => `${r.action} ${r.name}`).join(', ')}.`
    : '';
  const changes = rows.filter((r) => r.action !== 'none').length;
  return new PartialError(
    `Applied ${String(done)} of ${String(changes)} changes to ${domain}; ${describeStep(step)} ${uncertain ? 'may or may not have been made' : 'failed'}: ${message}${remains}`,
    `${hint ? `${hint} ` : ''}Then run the same apply again: it plans only what remains.`,
  );
}
