import { Command } from 'commander';
import { LeafCommand } from '../../command.js';
import { PartialError } from '../../errors.js';
import { driftFindings, rewrite } from '../../doctor/drift.js';
import { failed, type Finding } from '../../doctor/findings.js';
import { rewriteTask, taskQueue } from '../../doctor/layout.js';
import { snapshot, type Snapshot, type Where } from '../../doctor/local.js';
import { queueRewrite, runProcessor, trustedProcessor } from '../../doctor/queue.js';
import { locate } from '../../doctor/where.js';
import type { Column } from '../../output/writer.js';
import { checkFlag } from '../../validate/settings.js';
import { existingUsername } from '../../validate/account.js';
import { notes, withExamples } from '../../help/text.js';

interface Flags {
  user?: string;
  dataDir?: string;
  socket?: string;
  now?: boolean;
}

const columns: Column<Finding>[] = [
  { key: 'check', header: 'CHECK' },
  { key: 'user', header: 'USER' },
  { key: 'domain', header: 'DOMAIN' },
  { key: 'item', header: 'ITEM' },
  { key: 'detail', header: 'DETAIL' },
];

export const syncCommand = (): Command =>
  withExamples(
    new LeafCommand('sync')
      .description('Ask the panel to rewrite Unit’s configuration from its local copies')
      .option('--user <user>', 'show only this user’s drift (the rewrite is for every user)')
      .option('--data-dir <dir>', 'the panel’s data directory (DACTL_DA_DATA_DIR)')
      .option('--socket <path>', 'Unit’s control socket (DACTL_UNIT_SOCKET)')
      .option(
        '--now',
        'run the panel’s queue processor at once (DACTL_DA_TASKQ; default /usr/local/directadmin/dataskq)',
      )
      .addHelpText(
        'after',
        notes(
          '\nShows what is out of step, asks (--yes without a terminal), then appends\n' +
            `${rewriteTask} to <data-dir>/task.queue: the panel's processor rewrites\n` +
            'Unit’s configuration from the local copies within a minute (at once with --now). dactl\n' +
            'never writes Unit’s configuration itself. What Unit runs without a local copy stays:\n' +
            'delete it by name. --dry-run shows the line and writes nothing. Needs root.\n' +
            '--now runs the processor only when root or the panel’s user owns it and no one else may\n' +
            'write it; it stops it after --timeout (default 120 s) with exit 6: the rewrite may still run.\n' +
            'After it, exit 7 while anything the doctor fails stays out of step (-o json: stillOutOfStep).',
        ),
      )
      .local()
      .act(async (ctx, flags: Flags) => {
        const env = ctx.io.env;
        const user =
          flags.user === undefined ? undefined : checkFlag('--user', flags.user, existingUsername);
        const options: Where = {
          dataDir: locate('dataDir', flags.dataDir, env),
          flag: '--data-dir or DACTL_DA_DATA_DIR',
          socket: locate('socket', flags.socket, env),
          ...(user === undefined ? {} : { user }),
          ...(ctx.timeoutMs === undefined ? {} : { timeoutMs: ctx.timeoutMs }),
        };
        const outOfStep = async (read: Snapshot): Promise<Finding[]> =>
          (await driftFindings(read.users, read.live, user === undefined)).filter(
            (f) => f.status !== 'ok',
          );
        const first = await snapshot(options);
        const panel = first.files;
        const before = await outOfStep(first);
        const queue = taskQueue(panel.dir);
        const report = async (queued: boolean, after?: Finding[]): Promise<void> => {
          if (ctx.format === 'table' || ctx.format === 'tsv') return;
          await ctx.out.value({
            outOfStep: before,
            taskQueue: queue,
            line: rewriteTask,
            queued,
            ...(after ? { stillOutOfStep: after } : {}),
          });
        };
        // TSV has the same rows as the table: what is out of step, one line each.
        if (ctx.format === 'table' || ctx.format === 'tsv') await ctx.out.list(before, columns);
        if (!before.some((f) => f.fix === rewrite)) {
          ctx.log.info(
            before.length === 0
              ? 'Unit runs what the panel stores: nothing to rewrite.'
              : 'Nothing a rewrite would change: delete what Unit runs without a copy by name.',
          );
          await report(false);
          return;
        }
        if (ctx.options.dryRun === true) {
          ctx.log.info(`Dry run: would append "${rewriteTask}" to ${queue}; nothing was written.`);
          await report(false);
          return;
        }
        // Judged before anything is written: a processor that fails the path rule is exit 3.
        const taskq = locate('taskq', undefined, env);
        const processor = flags.now === true ? trustedProcessor(taskq, panel) : undefined;
        await ctx.prompts.confirm({
          message: `Ask the panel to rewrite Unit’s configuration (${String(before.length)} out of step)?`,
          flag: '--yes',
          yes: ctx.options.yes === true,
        });
        // Recorded in the audit trail as a change, as a request to the panel would be.
        const { recordLocal } = await import('../../audit/record.js');
        const change = { panel: `file:${queue}`, method: 'APPEND', path: rewriteTask };
        await recordLocal(ctx, change, () => queueRewrite(panel));
        ctx.log.success(`Queued "${rewriteTask}" in ${queue}.`);
        if (flags.now !== true) {
          ctx.log.info('The panel’s processor runs it within a minute (or now with --now).');
          await report(true);
          return;
        }
        if (processor === undefined) {
          ctx.log.warn(
            `No queue processor at ${taskq} (DACTL_DA_TASKQ); the panel’s cron runs the task within a minute.`,
          );
          await report(true);
          return;
        }
        // --timeout bounds the processor too; without it, two minutes (the old fixed limit).
        await runProcessor(processor, ctx.timeoutMs ?? 120_000);
        const after = await outOfStep(await snapshot(options));
        await report(true, after);
        // As the doctor judges (a name no user's domain explains is a warning): exit 7 while
        // anything it fails stays out of step, the rows above saying which.
        const n = failed(after);
        if (n === 0) {
          ctx.log.info(
            after.length === 0
              ? 'Unit now runs what the panel stores.'
              : `${String(after.length)} still out of step, none of them failing (run dactl unit doctor).`,
          );
          return;
        }
        // The table shows them under the first; TSV keeps one kind of row (JSON: stillOutOfStep).
        if (ctx.format === 'table') {
          ctx.out.line('\nStill out of step after the rewrite:');
          await ctx.out.list(after, columns);
        }
        throw new PartialError(
          `${String(n)} still out of step after the rewrite.`,
          'dactl unit doctor names the fix of each; what Unit runs without a local copy stays until deleted by name.',
        );
      }),
    'sudo dactl unit sync',
    'sudo dactl unit sync --yes --now',
    'sudo dactl unit sync --user fred --dry-run',
  );
