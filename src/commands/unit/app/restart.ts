import { Command } from 'commander';
import { isRecord } from '../../../json/record.js';
import { LeafCommand } from '../../../command.js';
import { AuthError, NotFoundError } from '../../../errors.js';
import { refusal, unitGet, type UnitReply } from '../../../doctor/control.js';
import { liveApp } from '../../../doctor/layout.js';
import { snapshot } from '../../../doctor/local.js';
import { locate } from '../../../doctor/where.js';
import type { Column } from '../../../output/writer.js';
import { domainName } from '../../../unit/names.js';
import { storedDomain } from '../../../validate/account.js';
import { take } from '../../../prompt-fields.js';
import { notes, withExamples } from '../../../help/text.js';
import { checkAppName, sure } from './_shared/shared.js';

interface Flags {
  domain?: string;
  dataDir?: string;
  socket?: string;
}

interface Restarted {
  name: string;
  domain: string;
  user: string;
  unitName: string;
  outcome: 'restarted';
}

const fields: Column<Restarted>[] = [
  { key: 'name', header: 'Name' },
  { key: 'domain', header: 'Domain' },
  { key: 'user', header: 'User' },
  { key: 'unitName', header: 'Unit name' },
  { key: 'outcome', header: 'Outcome' },
];

export const restartCommand = (): Command =>
  withExamples(
    new LeafCommand('restart')
      .description('Restart an application’s processes, on the panel’s server (asks unless --yes)')
      .argument('<name>', 'the application name')
      .option('--domain <domain>', 'the domain the application belongs to')
      .option('--data-dir <dir>', 'the panel’s data directory (DACTL_DA_DATA_DIR)')
      .option('--socket <path>', 'Unit’s control socket (DACTL_UNIT_SOCKET)')
      .addHelpText(
        'after',
        notes(
          '\nOn the panel’s server, as root: no panel login is needed. It sends\n' +
            'GET /control/applications/<domain>_<name>/restart over Unit’s control socket, and Unit\n' +
            'restarts the application’s processes gracefully; its configuration is not changed. The\n' +
            'owner is read from the panel’s data directory; with --as, the domain must be that\n' +
            'user’s. Exit 4 when no panel user has the domain or Unit runs no such application.\n' +
            'Without a terminal, --yes is required; --dry-run shows the request and sends nothing.',
        ),
      )
      .local()
      .act(async (ctx, name: string, flags: Flags) => {
        const env = ctx.io.env;
        checkAppName(name);
        const domain = await take(ctx, {
          flag: '--domain',
          message: 'Domain',
          check: domainName,
          given: flags.domain,
          normalise: storedDomain,
        });
        const unitName = liveApp(domain, name);
        const confirm = (whose: string): Promise<void> =>
          ctx.prompts.confirm({
            message: `Restart ${unitName}${whose}?`,
            flag: '--yes',
            yes: sure(ctx),
          });
        // Without a terminal, refuse before reading anything.
        if (!ctx.interactive) await confirm('');
        const socket = locate('socket', flags.socket, env);
        const get = { socket, command: 'unit app restart', timeoutMs: ctx.timeoutMs };
        const path = (p: string): string => `/${p}/applications/${encodeURIComponent(unitName)}`;
        const missing = new NotFoundError(
          `Unit runs no application ${unitName}.`,
          `See what it runs: sudo dactl unit status --domain ${domain}`,
        );
        if (absent(await unitGet(path('config'), get), `show ${unitName}`)) throw missing;
        const dataDir = locate('dataDir', flags.dataDir, env);
        const user = await owner(dataDir, socket, domain, ctx.timeoutMs);
        const as = ctx.options.as;
        if (as !== undefined && as !== user) {
          throw new AuthError(
            `${domain} belongs to ${user}, not ${as}.`,
            `Use --as ${user}, or leave out --as: the owner is read from the panel’s data directory.`,
          );
        }
        const restart = `${path('control')}/restart`;
        if (ctx.options.dryRun === true) {
          if (ctx.format === 'json' || ctx.format === 'yaml') {
            await ctx.out.value({
              dryRun: true,
              request: { socket, method: 'GET', path: restart },
            });
          } else ctx.out.line(`GET ${restart} (Unit's control socket ${socket})`);
          ctx.log.info('Dry run: nothing was sent.');
          return;
        }
        if (ctx.interactive) await confirm(`, ${user}'s application ${name} of ${domain}`);
        // Recorded in the audit trail as a change, as a request to the panel would be.
        const { recordLocal } = await import('../../../audit/record.js');
        const change = {
          panel: `unix:${socket}`,
          method: 'GET',
          path: restart,
          fields: { domain, user },
          ...(as === undefined ? {} : { as }),
        };
        const reply = await recordLocal(ctx, change, async () => {
          const answer = await unitGet(restart, get);
          if (absent(answer, `restart ${unitName}`)) throw missing;
          return answer;
        });
        const said = isRecord(reply.value) ? reply.value.success : undefined;
        ctx.log.success(
          `Restarted ${unitName}${typeof said === 'string' ? ` (Unit said: ${said})` : ''}.`,
        );
        if (ctx.format !== 'table') {
          const row: Restarted = { name, domain, user, unitName, outcome: 'restarted' };
          await ctx.out.record(row, fields);
        }
      }),
    'sudo dactl unit app restart app --domain fred.example',
    'sudo dactl unit app restart app --domain fred.example --yes -o json',
    'sudo dactl unit app restart app --domain fred.example --dry-run',
  );

/** The panel user who has the domain, from the data directory. */
async function owner(
  dataDir: string,
  socket: string,
  domain: string,
  timeoutMs: number | undefined,
): Promise<string> {
  try {
    const { users } = await snapshot({
      dataDir,
      flag: '--data-dir or DACTL_DA_DATA_DIR',
      socket,
      domain,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    return users.find((u) => u.domains.length > 0)?.user ?? '';
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    throw new NotFoundError(
      `No user of the panel has the domain ${domain} (in ${dataDir}).`,
      'Check the spelling: each user’s domains are in users/<user>/domains.list there.',
    );
  }
}

/** Whether Unit answered 404; any other refusal throws. */
function absent(reply: UnitReply, doing: string): boolean {
  if (reply.status === 404) return true;
  if (reply.status === 200) return false;
  throw refusal(
    reply,
    doing,
    'Unit’s log says why (/var/log/unit/unit.log); sudo dactl unit doctor reads it.',
  );
}
