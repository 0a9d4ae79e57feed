// Builds the commander program: global options (design.md) and the command groups.
import { Command, Option } from 'commander';
import pkg from '../package.json' with { type: 'json' };
import { groups, groupsNeeded } from './commands/groups.js';
import { formats } from './output/writer.js';
import { ioOf } from './io.js';
import { refuseBlankValues } from './validate/blank.js';

const precedence = `
Settings come from, in order: flags, then the environment (DACTL_PROFILE, DACTL_URL,
DACTL_USERNAME, DACTL_PASSWORD, DACTL_AS, DACTL_NO_INPUT, DACTL_CONFIG_DIR, NO_COLOR), then the
selected profile, then the current profile. With DACTL_URL, DACTL_USERNAME and DACTL_PASSWORD set,
no profile is needed.

Examples:
  $ dactl sandbox                       # a local panel to try dactl against
  $ dactl login --url https://panel.example.com:2222 --username admin
  $ dactl users list -o json
  $ dactl db list --as fred
  $ dactl users list -p 'prod-*' -o json   # a fleet: every profile the glob names
  $ dactl whoami --all-profiles --parallel 16 --sort profile`;

/** The program for this command line: the groups it uses are loaded, the others are named only. */
export async function buildProgram(argv: string[]): Promise<Command> {
  const program = new Command('dactl')
    .description('Drive a DirectAdmin panel from a terminal, a script or cron.')
    .version(pkg.version, '-V, --version', 'print the dactl version')
    .option(
      '-p, --profile <name>',
      "use this saved profile; a list or glob runs over each ('prod-*')",
    )
    .option('--all-profiles', 'run over every saved profile (a fleet)')
    .option('--parallel <n>', 'fleet: panels in flight at once (default 8)')
    .addOption(
      new Option('--sort <key>', 'fleet: print in this order, not as panels answer').choices([
        'profile',
      ]),
    )
    .option('--as <user>', 'act as this user (an admin or reseller impersonating)')
    .addOption(new Option('-o, --output <format>', 'output format').choices(formats))
    .option('--json', 'same as -o json')
    .option('--wide', 'tables: show every cell in full, even wider than the terminal')
    .option('--no-color', 'no colour (also NO_COLOR)')
    .option('-q, --quiet', 'print only data, warnings and errors')
    .option('--debug', 'trace HTTP requests on stderr (secrets redacted)')
    .option('--no-input', 'never prompt (also DACTL_NO_INPUT, CI, or no terminal)')
    .option('-y, --yes', 'answer yes to confirmations')
    .option('--dry-run', 'print the requests a change would send, and send nothing')
    .option(
      '--timeout <seconds>',
      'give up after this long waiting for the panel, retries included (default 60, max 86400)',
    )
    .option('--ca-cert <file>', 'trust this PEM certificate for the panel')
    .option('--insecure', 'do not check the panel certificate (warns on every run)')
    .addHelpText('after', precedence)
    // Unloaded groups are known by name only, so the overview shows names, not their arguments.
    .configureHelp({
      showGlobalOptions: true,
      sortSubcommands: false,
      subcommandTerm: (c) => c.name(),
    })
    .showHelpAfterError('(run with --help for usage)')
    // Before any command acts: nothing is prompted or sent from an empty value.
    .hook('preAction', async (_program, action) => {
      refuseBlankValues(action);
      // A list or glob of profiles: the command runs once per panel (src/fleet/).
      const options = action.optsWithGlobals<{ profile?: string; allProfiles?: boolean }>();
      const selection = options.profile ?? ioOf(action).env.DACTL_PROFILE ?? '';
      if (options.allProfiles || /[,*?[]/.test(selection)) {
        await (await import('./fleet/start.js')).startFleet(action);
      }
    });

  const needed = groupsNeeded(commandWords(argv, program));
  // Our own help command, so it can also show topics (commander's would only show commands).
  program.helpCommand(false);
  for (const group of groups) {
    const command = needed.has(group.name)
      ? (await group.load()).description(group.summary)
      : new Command(group.name).description(group.summary);
    program.addCommand(command, { hidden: group.hidden === true });
  }
  return program;
}

/** The words of argv that are not options or option values, e.g. ['unit', 'app', 'list']. */
function commandWords(argv: string[], program: Command): string[] {
  const takesValue = new Set(
    program.options
      .filter((o) => o.required || o.optional)
      .flatMap((o) => [o.short, o.long].filter((f): f is string => f !== undefined)),
  );
  const words: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    if (takesValue.has(arg)) i += 1;
    else if (!arg.startsWith('-')) words.push(arg);
  }
  return words;
}
