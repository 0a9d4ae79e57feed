import { Command } from 'commander';
import { LeafCommand } from '../../command.js';
import { UsageError } from '../../errors.js';
import { localDoctor } from '../../doctor/local.js';
import { printFindings } from '../../doctor/print.js';
import { locate } from '../../doctor/where.js';
import { notes, withExamples } from '../../help/text.js';
import { scopeFlags } from './_shared/scope-flags.js';
import { fetchListing } from './app/_shared/shared.js';
import { actingUser, fetchSettings } from './route/_shared/shared.js';

interface Flags {
  user?: string;
  domain?: string;
  dataDir?: string;
  socket?: string;
  conf?: string;
  log?: string;
  probe?: boolean;
  probeAddress?: string;
  remote?: boolean;
}

export const doctorCommand = (): Command =>
  withExamples(
    new LeafCommand('doctor')
      .description('Check Unit against the panel on its server: drift, settings, ACME, log, probes')
      .option('--user <user>', 'check only this user')
      .option('--domain <domain>', 'check only this domain')
      .option(
        '--data-dir <dir>',
        'the panel’s data directory (DACTL_DA_DATA_DIR; default /usr/local/directadmin/data)',
      )
      .option(
        '--socket <path>',
        'Unit’s control socket (DACTL_UNIT_SOCKET; default /var/run/unit/control.sock)',
      )
      .option(
        '--conf <file>',
        'the panel config (DACTL_DA_CONF; default /usr/local/directadmin/conf/directadmin.conf)',
      )
      .option('--log <file>', 'Unit’s log (DACTL_UNIT_LOG; default /var/log/unit/unit.log)')
      .option('--probe', 'also request each domain and subdomain with a route set over HTTP')
      .option(
        '--probe-address <host:port>',
        'send the probes there (each with its route set’s host as Host) instead of port 80 of each',
      )
      .option(
        '--remote',
        'check through the panel’s API instead (with --domain; an admin adds --as)',
      )
      .addHelpText(
        'after',
        notes(
          '\nRun on the panel’s server, as root or an admin who can read the data directory: no panel\n' +
            'login is needed. It reads the local copies, the user, package and reseller settings, the\n' +
            'panel config and Unit’s log, and Unit’s configuration once over its socket; it never\n' +
            'writes anything. The table shows the problems; -o json every finding as\n' +
            '{check, user, domain, item, status: ok|warn|fail, detail, fix}. Exit 0 when no check\n' +
            'fails, 7 when one does. --remote runs what the API allows: stored versus live\n' +
            'applications and route sets (by presence), and --probe.',
        ),
      )
      .local((command) => command.opts<Flags>().remote !== true)
      .act(async (ctx, flags: Flags) => {
        const { user, domain } = await scopeFlags(ctx, flags);
        const probe =
          flags.probe === true || flags.probeAddress !== undefined
            ? { address: probeAddress(flags.probeAddress) }
            : undefined;
        if (flags.remote === true) {
          const local = (['user', 'dataDir', 'socket', 'conf', 'log'] as const).find(
            (k) => flags[k] !== undefined,
          );
          if (local !== undefined)
            throw new UsageError(
              `--remote reads nothing on this machine: leave out --${local.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.`,
              'With --remote, name the user with --as.',
            );
          if (domain === undefined)
            throw new UsageError(
              '--remote needs --domain.',
              'dactl unit doctor --remote --as fred --domain fred.example',
            );
          const { remoteDoctor } = await import('../../doctor/remote.js');
          const acting = await actingUser(ctx);
          const api = {
            list: (d: string) => fetchListing(ctx, d, acting),
            settings: (d: string, sub?: string) =>
              fetchSettings(
                ctx,
                {
                  domain: d,
                  set: sub === undefined ? d : `${sub}.${d}`,
                  ...(sub === undefined ? {} : { subdomain: sub }),
                },
                acting,
              ),
          };
          await printFindings(ctx, await remoteDoctor(api, acting, domain, probe));
          return;
        }
        const env = ctx.io.env;
        const findings = await localDoctor({
          dataDir: locate('dataDir', flags.dataDir, env),
          flag: '--data-dir or DACTL_DA_DATA_DIR',
          socket: locate('socket', flags.socket, env),
          conf: locate('conf', flags.conf, env),
          log: locate('log', flags.log, env),
          ...(user === undefined ? {} : { user }),
          ...(domain === undefined ? {} : { domain }),
          ...(probe === undefined ? {} : { probe }),
          ...(ctx.timeoutMs === undefined ? {} : { timeoutMs: ctx.timeoutMs }),
        });
        await printFindings(ctx, findings);
      }),
    'sudo dactl unit doctor',
    'sudo dactl unit doctor --user fred --probe',
    'sudo dactl unit doctor -o json   # for monitoring: exit 7 when a check fails',
    'dactl unit doctor --remote --as fred --domain fred.example --probe',
  );

/** host:port, the port 1-65535; an IPv6 address in brackets. */
function probeAddress(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const m = /^(\[[0-9a-fA-F:.]+\]|[^\s:/[\]]+):(\d{1,5})$/.exec(value);
  const port = Number(m?.[2]);
  if (!m || port < 1 || port > 65535) {
    throw new UsageError(`--probe-address "${value}": expected host:port, e.g. 127.0.0.1:80.`);
  }
  return value;
}
