// Builds the commander program: global options (design.md) and the command groups.
import { Command, Option } from 'commander';
import { groups, groupsNeeded } from './commands/index.js';
import { layOutHelp } from './help/layout.js';
import { withExamples } from './help/text.js';
import { formats } from './output/writer.js';
import { prepareQuery } from './output/query.js';
import { refuseBlankValues } from './blank-values.js';
import { completeWith } from './completion/values.js';

/** The program for this command line: the groups it uses are loaded, the others are named only. */
export async function buildProgram(argv: string[]): Promise<Command> {
  const program = new Command('dactl')
    .description('Drive a DirectAdmin panel from a terminal, a script or cron.')
    .addOption(
      completeWith(
        new Option(
          '-p, --profile <name>',
          "use this saved profile; a list or glob runs over each ('prod-*')",
        ),
        { source: 'profiles' },
      ),
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
    .option('--query <expr>', "print only this part of the data (JMESPath, e.g. '[].username')")
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
    // Read before parsing, as the version command (commandLine below).
    .option('-V, --version', 'print the versions of dactl and Node.js, and the platform')
    // Unloaded groups are known by name only, so the overview shows names, not their arguments.
    .configureHelp({ subcommandTerm: (c) => c.name() })
    // Before any command acts: nothing is prompted or sent from an empty value.
    .hook('preAction', async (_program, action) => {
      refuseBlankValues(action);
      await prepareQuery(action);
    });

  const { words, flags } = scan(argv, program);
  const needed = groupsNeeded(
    flags.some((f) => versionFlags.has(f)) ? ['version'] : words.map((w) => argv[w] ?? ''),
  );
  // Our own help command, so it can also show topics (commander's would only show commands).
  program.helpCommand(false);
  for (const group of groups) {
    const command = needed.has(group.name)
      ? (await group.load()).description(group.summary)
      : new Command(group.name).description(group.summary);
    program.addCommand(command, { hidden: group.hidden === true });
  }
  withExamples(
    program,
    'dactl sandbox                       # a local panel to try dactl against',
    'dactl login --url https://panel.example.com:2222 --username admin',
    'dactl users list -o json',
    'dactl db list --as fred',
    "dactl users list -p 'prod-*' -o json   # a fleet: every profile the glob names",
    'dactl whoami --all-profiles --parallel 16 --sort profile',
  );
  layOutHelp(program);
  return program;
}

const versionFlags = new Set(['--version', '-V']);

/**
 * The command line commander is to parse. --version (or -V) is the version command, so -o json
 * applies to it too; a line that stops at a command with subcommands (`dactl`, `dactl unit`)
 * asks for its help (unless it takes arguments of its own), printed on stdout with exit 0 as gh and doctl do.
 */
export function commandLine(argv: string[], program: Command): string[] {
  const { words, flags } = scan(argv, program);
  if (flags.some((f) => versionFlags.has(f))) {
    return ['version', ...argv.filter((a, i) => !words.includes(i) && !versionFlags.has(a))];
  }
  let target = program;
  for (const word of words.map((w) => argv[w] ?? '')) {
    if (target.commands.length === 0) break; // a leaf: the other words are its arguments
    const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) return argv; // commander reports the unknown command
    target = next;
  }
  // An unknown option is reported, not answered with help.
  const known = new Set(['-h', '--help', ...program.options.flatMap(flagsOf)]);
  const valued = new Set(program.options.filter(takesValue).flatMap(flagsOf));
  const recognised = (f: string): boolean =>
    known.has(f.replace(/=.*$/, '')) || valued.has(f.slice(0, 2));
  // A group that takes arguments of its own (`dactl completion [shell]`) runs its action instead.
  const group = target.commands.length > 0 && target.registeredArguments.length === 0;
  return group && flags.every(recognised) ? [...argv, '--help'] : argv;
}

const flagsOf = (o: Option): string[] => [o.short, o.long].filter((f) => f !== undefined);
const takesValue = (o: Option): boolean => o.required || o.optional;

/**
 * Where argv's command words are (e.g. unit, app, list: not options, nor values of the
 * program's options), and its options, up to "--".
 */
function scan(argv: string[], program: Command): { words: number[]; flags: string[] } {
  const valued = new Set(program.options.filter(takesValue).flatMap(flagsOf));
  const words: number[] = [];
  const flags: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    if (!arg.startsWith('-')) words.push(i);
    else {
      flags.push(arg);
      if (valued.has(arg)) i += 1;
    }
  }
  return { words, flags };
}
