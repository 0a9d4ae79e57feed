// How `unit doctor` shows its findings: the table lists the problems (and each diff below it),
// JSON, YAML and TSV every finding; a count goes to stderr. Any failure ends the run with exit 7.
import type { Context } from '../context.js';
import { PartialError } from '../errors.js';
import type { Column } from '../output/writer.js';
import { failed, type Finding } from './findings.js';

const columns: Column<Finding>[] = [
  { key: 'status', header: 'STATUS' },
  { key: 'check', header: 'CHECK' },
  { key: 'user', header: 'USER' },
  { key: 'domain', header: 'DOMAIN' },
  { key: 'item', header: 'ITEM' },
  { key: 'detail', header: 'DETAIL' },
  { key: 'fix', header: 'FIX' },
];

export async function printFindings(ctx: Context, findings: readonly Finding[]): Promise<void> {
  const count = (s: Finding['status']): number => findings.filter((f) => f.status === s).length;
  const problems = findings.filter((f) => f.status !== 'ok');
  const table = ctx.format === 'table';
  // Nothing failing: the table is empty, and the count below says so.
  await ctx.out.list(table ? problems : findings, columns);
  if (table) {
    for (const f of problems) {
      if (f.diff === undefined) continue;
      ctx.out.line(`\n${f.item} (${f.domain}), - live + copy:`);
      for (const line of f.diff) ctx.out.line(`  ${line}`);
    }
  }
  ctx.log.info(
    `${String(findings.length)} checks: ${String(count('ok'))} ok, ${String(count('warn'))} warn, ${String(count('fail'))} fail.`,
  );
  const n = failed(findings);
  if (n > 0) {
    throw new PartialError(
      `${String(n)} check${n === 1 ? '' : 's'} failed.`,
      'Each failing finding names its fix; run dactl unit doctor again afterwards.',
    );
  }
}
