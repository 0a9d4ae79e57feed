import { join } from 'node:path';
import { Command, Option } from 'commander';
import { UsageError } from '../../errors.js';
import type { SandboxOptions } from '../../sandbox/index.js';
import { notes, withExamples } from '../../help/text.js';
import { panelCount, saveOwnProfiles, startPanels } from './_shared/panels.js';
import { LeafCommand } from '../../command.js';

interface SandboxFlags {
  port: string;
  host: string;
  dataDir?: string;
  tls?: boolean;
  profile: boolean;
  badCredentials?: 'status' | 'login-page';
  legacyErrors?: 'status' | 'ok';
  unitSocket?: string;
  unitEmpty?: boolean;
  taskInterval?: string;
  panels?: string;
}

export const sandboxCommand = (): Command =>
  withExamples(
    new LeafCommand('sandbox')
      .description(
        'Start a local DirectAdmin-compatible panel with demo data, to try dactl against',
      )
      .option('--port <port>', 'port to listen on (0 picks a free one)', '2222')
      .option('--panels <n>', 'start N independent panels on free ports, profiles sb-1 … sb-N')
      .option('--host <address>', 'address to listen on', '127.0.0.1')
      .option('--data-dir <dir>', 'keep the panel state in this folder across restarts')
      .option('--tls', 'serve HTTPS with a freshly generated self-signed certificate')
      .option('--no-profile', 'do not save the "sandbox" profile')
      .addOption(
        new Option('--bad-credentials <mode>', 'how a failed login is answered').choices([
          'status',
          'login-page',
        ]),
      )
      .addOption(
        new Option('--legacy-errors <mode>', 'status of legacy errors').choices(['status', 'ok']),
      )
      .option('--unit-socket <path>', "serve Unit's control API on this Unix socket")
      .option('--unit-empty', "start with Unit's live configuration empty (as after a restart)")
      .option(
        '--task-interval <seconds>',
        'how often the task queue is processed (0: only by dataskq)',
      )
      .addHelpText(
        'after',
        notes(
          "\nWith --unit-socket and --data-dir, the data directory is laid out as the panel's (user,\n" +
            'reseller and package files, conf/directadmin.conf, task.queue and a dataskq processor) for\n' +
            '`dactl unit doctor` and `unit sync` to run against.',
        ),
      )
      .local()
      .act(async (ctx, flags: SandboxFlags) => {
        const port = Number(flags.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535) {
          throw new UsageError(`--port "${flags.port}": must be a whole number from 0 to 65535.`);
        }
        // Listen for the stop signal before saying "ready", so a script may stop it at once.
        const stopped = untilSignal();
        if (flags.panels !== undefined) {
          const count = panelCount(flags.panels);
          if (flags.dataDir !== undefined || flags.unitSocket !== undefined) {
            throw new UsageError(
              '--panels starts fresh panels: it does not take --data-dir or --unit-socket.',
            );
          }
          const panels = await startPanels(
            ctx,
            count,
            {
              host: flags.host,
              tls: flags.tls === true,
              modes: {
                ...(flags.badCredentials ? { badCredentials: flags.badCredentials } : {}),
                ...(flags.legacyErrors ? { legacyErrors: flags.legacyErrors } : {}),
              },
            },
            flags.profile,
          );
          await stopped;
          await Promise.all(panels.map((p) => p.close()));
          ctx.log.info('Sandbox panels stopped.');
          return;
        }
        const { startSandbox } = await import('../../sandbox/index.js');
        const options: SandboxOptions = { port, host: flags.host, tls: flags.tls === true };
        if (flags.dataDir) options.dataDir = flags.dataDir;
        Object.assign(options, unitOptions(flags));
        options.modes = {
          ...(flags.badCredentials ? { badCredentials: flags.badCredentials } : {}),
          ...(flags.legacyErrors ? { legacyErrors: flags.legacyErrors } : {}),
        };
        const sandbox = await startSandbox(options).catch((error: unknown) => {
          throw listenError(error, flags);
        });

        const [profile] = flags.profile
          ? await saveOwnProfiles(ctx, [{ name: 'sandbox', panel: sandbox }], true)
          : [];
        const caCertPath =
          profile !== undefined && sandbox.caCert
            ? join(ctx.configDir, `${profile}-ca.pem`)
            : undefined;

        if (ctx.format === 'json') {
          ctx.out.line(
            JSON.stringify({
              url: sandbox.url,
              accounts: sandbox.accounts,
              profile: profile ?? null,
              caCert: caCertPath ?? null,
            }),
          );
        } else {
          ctx.log.info(`Sandbox panel listening on ${sandbox.url}`);
          await ctx.out.list(sandbox.accounts, [
            { key: 'username', header: 'USERNAME' },
            { key: 'password', header: 'PASSWORD' },
            { key: 'role', header: 'ROLE' },
          ]);
          if (profile)
            ctx.log.info(
              `Saved profile "${profile}" (admin). Try: dactl users list --profile ${profile}`,
            );
          ctx.log.info('Press Ctrl-C to stop.');
        }
        await stopped;
        await sandbox.close();
        ctx.log.info('Sandbox stopped.');
      }),
    'dactl sandbox',
    'dactl sandbox --port 0 -o json',
    'dactl sandbox --tls --data-dir ./panel-state',
    "dactl sandbox --panels 3   # then: dactl users list -p 'sb-*'",
    'dactl sandbox --data-dir ./da --unit-socket ./da/control.sock --unit-empty',
  );

/** The Unit side of the sandbox: its socket, an empty start, the task queue's pace. */
function unitOptions(flags: SandboxFlags): Partial<SandboxOptions> {
  const seconds = flags.taskInterval === undefined ? undefined : Number(flags.taskInterval);
  if (seconds !== undefined && !(Number.isInteger(seconds) && seconds >= 0 && seconds <= 86_400)) {
    throw new UsageError(
      `--task-interval "${flags.taskInterval ?? ''}": must be a whole number of seconds from 0 to 86400.`,
    );
  }
  return {
    ...(flags.unitSocket === undefined ? {} : { unitSocket: flags.unitSocket }),
    ...(flags.unitEmpty === true ? { unitEmpty: true } : {}),
    ...(seconds === undefined ? {} : { taskInterval: seconds }),
  };
}

const hostHint =
  'Give an address of this machine, alone: 127.0.0.1 (the default), ::1, or 0.0.0.0 for every interface.';

/** Why the server could not listen, as exit 2 naming the flag; anything else is left as is. */
function listenError(error: unknown, flags: SandboxFlags): unknown {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  switch (code) {
    case 'EADDRINUSE':
      return new UsageError(
        `Port ${flags.port} is already in use.`,
        'Pick another with --port, or --port 0 for any free one.',
      );
    case 'EACCES':
      return new UsageError(
        `Port ${flags.port} needs privileges this user does not have.`,
        'Pick a port above 1023 with --port (the default is 2222), or --port 0 for any free one.',
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new UsageError(`--host "${flags.host}": no such address or host name.`, hostHint);
    case 'EADDRNOTAVAIL':
      return new UsageError(`--host "${flags.host}" is not an address of this machine.`, hostHint);
    default:
      return error;
  }
}

// The listeners stay for good: conf's file writer hooks the same signals and sends the signal
// again after its own clean-up, which would otherwise kill the process before close() is done.
function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.on('SIGINT', () => {
      resolve();
    });
    process.on('SIGTERM', () => {
      resolve();
    });
  });
}
