import { Command } from 'commander';
import { LeafCommand } from '../../command.js';
import { refusal, unitGet } from '../../doctor/control.js';
import { snapshot } from '../../doctor/local.js';
import { unitStatus, type AppStatus } from '../../doctor/status.js';
import { locate } from '../../doctor/where.js';
import { watch, watchSeconds } from '../../output/watch.js';
import type { Column } from '../../output/writer.js';
import { notes, withExamples } from '../../help/text.js';
import { scopeFlags } from './_shared/scope-flags.js';

interface Flags {
  user?: string;
  domain?: string;
  dataDir?: string;
  socket?: string;
  watch?: string;
}

const count = (header: string, key: keyof AppStatus): Column<AppStatus> => ({
  key,
  header,
  align: 'right',
});

const columns: Column<AppStatus>[] = [
  { key: 'user', header: 'USER' },
  { key: 'domain', header: 'DOMAIN' },
  { key: 'app', header: 'APP' },
  count('RUNNING', 'running'),
  count('STARTING', 'starting'),
  count('IDLE', 'idle'),
  count('ACTIVE', 'activeRequests'),
];

export const statusCommand = (): Command =>
  withExamples(
    new LeafCommand('status')
      .description('Unit’s processes and requests per application, with each one’s owner')
      .option('--user <user>', 'only this user’s applications')
      .option('--domain <domain>', 'only this domain’s applications')
      .option('--data-dir <dir>', 'the panel’s data directory (DACTL_DA_DATA_DIR)')
      .option('--socket <path>', 'Unit’s control socket (DACTL_UNIT_SOCKET)')
      .option(
        '--watch <seconds>',
        'at a terminal: draw it again every so many seconds, until Ctrl-C',
      )
      .addHelpText(
        'after',
        notes(
          '\nOn the panel’s server, as root: reads Unit’s GET /status over its control socket, and\n' +
            'which user has each domain from the panel’s data directory. Per application: RUNNING\n' +
            'processes (IDLE among them), STARTING ones, and ACTIVE: the requests it is handling\n' +
            'now. Below the table, Unit’s connections and requests in all (Unit counts them for\n' +
            'the whole server, not per listener or user). -o json gives {connections, requests,\n' +
            'applications: [{user, domain, app, unitName, running, starting, idle,\n' +
            'activeRequests}]}; a live name no user’s domain explains has an empty user. --watch\n' +
            'needs a terminal; Ctrl-C ends it with exit 0.',
        ),
      )
      .local()
      .act(async (ctx, flags: Flags) => {
        const env = ctx.io.env;
        const { user, domain } = await scopeFlags(ctx, flags);
        const seconds = flags.watch === undefined ? undefined : watchSeconds(flags.watch);
        const socket = locate('socket', flags.socket, env);
        const show = async (): Promise<void> => {
          const get = { socket, command: 'unit status', timeoutMs: ctx.timeoutMs };
          const reply = await unitGet('/status', get);
          if (reply.status !== 200) {
            throw refusal(
              reply,
              'show its /status',
              'Unit has /status from 1.28 on: check unitd --version.',
            );
          }
          const { users } = await snapshot({
            dataDir: locate('dataDir', flags.dataDir, env),
            flag: '--data-dir or DACTL_DA_DATA_DIR',
            socket,
            ...(user === undefined ? {} : { user }),
            ...(ctx.timeoutMs === undefined ? {} : { timeoutMs: ctx.timeoutMs }),
          });
          const status = unitStatus(reply.value, users, socket);
          status.applications = status.applications.filter(
            (a) =>
              (user === undefined || a.user === user) &&
              (domain === undefined || a.domain === domain),
          );
          const whose = domain ?? user;
          await ctx.out.list(status.applications, columns, {
            data: status,
            empty: `No application${whose === undefined ? '' : ` of ${whose}`} runs in Unit.`,
          });
          if (ctx.format !== 'table') return;
          const { accepted, active, idle, closed } = status.connections;
          ctx.out.line(
            `\nAll of Unit: connections ${String(accepted)} accepted, ${String(active)} active, ` +
              `${String(idle)} idle, ${String(closed)} closed; ${String(status.requests.total)} requests.`,
          );
        };
        if (seconds === undefined) await show();
        else await watch(ctx, seconds, 'dactl unit status', show);
      }),
    'sudo dactl unit status',
    'sudo dactl unit status --user fred --watch 2',
    'sudo dactl unit status --domain fred.example -o json',
    "sudo dactl unit status --query 'applications[?running==`0`].unitName'",
  );
