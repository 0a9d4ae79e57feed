// run(argv): parses, runs one command, and is the only place that turns an error into an exit
// code and a message (design.md, "Exit codes").
import { type Command, CommanderError } from 'commander';
import { buildProgram, commandLine } from './cli.js';
import { bindIo, terminalColumns, type Io } from './io.js';
import { processOutput } from './output/fd.js';
import { ExitCode } from './errors.js';
import { exitCodeOf, showError } from './output/error.js';
import { colourWanted, loadPaint } from './output/paint.js';

/** The command that ran ('users list'), once it has started: the launcher names its code cache by it. */
let ran: string | undefined;
export const commandRan = (): string | undefined => ran;

export async function run(argv: string[], io: Io = processIo()): Promise<number> {
  if (colourWanted(io.stderr, io.env, argv) || colourWanted(io.stdout, io.env, argv)) {
    io.paint ??= await loadPaint();
  }
  const program = await buildProgram(argv);
  io.argv = argv;
  bindIo(program, io);
  program.hook('preAction', (_program, action) => {
    const names: string[] = [];
    for (let at = action; at.parent; at = at.parent) names.unshift(at.name());
    ran = names.join(' ');
  });
  // The command commander found a usage error in: it is reported below, as every error is.
  let failed: Command | undefined;
  // addCommand() does not pass these settings down, so every command gets them here.
  const all = [program];
  for (const command of all) {
    all.push(...command.commands);
    command.exitOverride();
    // All of it from io: commander's own defaults would read process.stdout (src/output/fd.ts).
    command.configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: () => {
        failed = command;
      },
      // Help wraps to the terminal's width; to 80 columns when not at a terminal.
      getOutHelpWidth: () => terminalColumns(io.stdout) ?? 80,
      getErrHelpWidth: () => terminalColumns(io.stderr) ?? 80,
      getOutHasColors: () => colourWanted(io.stdout, io.env, argv),
      getErrHasColors: () => colourWanted(io.stderr, io.env, argv),
    });
  }
  try {
    await program.parseAsync(commandLine(argv, program), { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError && failed) {
      const { usageError } = await import('./usage-errors.js');
      return report(await usageError(error, failed), argv, io);
    }
    return report(error, argv, io);
  }
}

function report(error: unknown, argv: string[], io: Io): number {
  if (error instanceof CommanderError) {
    // --help ends through here with exit code 0; help for a missing subcommand was printed.
    return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  }
  showError(error, { json: wantsJson(argv), debug: argv.includes('--debug') }, io);
  return exitCodeOf(error);
}

/** Whether -o json was asked for, read from argv since parsing itself may have failed. */
function wantsJson(argv: string[]): boolean {
  return argv.some(
    (arg, i) =>
      arg === '--json' ||
      arg === '-ojson' ||
      arg === '--output=json' ||
      ((arg === '-o' || arg === '--output') && argv[i + 1] === 'json'),
  );
}

function processIo(): Io {
  return {
    // Made on first use: process.stdin builds a stream (and loads Node's fs streams for a file or
    // /dev/null), which most commands never read.
    get stdin() {
      return process.stdin;
    },
    stdout: processOutput(1),
    stderr: processOutput(2),
    env: process.env,
  };
}
