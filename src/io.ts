// The streams and environment of one run, tied to its program. Kept apart from context.ts so
// that --version and --help load neither the context nor what it imports.
import type { Command } from 'commander';
import type { Paint } from './output/paint.js';
import type { QueryFilter } from './output/query.js';

/**
 * Where output goes: Node's stream at a terminal, the bare file descriptor of a pipe or a file
 * (src/output/fd.ts). dactl writes text and asks whether it is a terminal, and how wide.
 */
export interface Output {
  write(text: string): boolean;
  readonly isTTY?: boolean;
  readonly columns?: number;
  /**
   * From now on a write never waits for the reader: it queues (a fleet run, whose requests'
   * timeouts run meanwhile). Returns a wait for room: it resolves once the queue is short enough
   * to start another panel. Absent where no write waits long (a terminal, a file, a test's stream).
   */
  queueWrites?(): () => Promise<void>;
}

export interface Io {
  stdin: NodeJS.ReadStream;
  stdout: Output;
  stderr: Output;
  env: NodeJS.ProcessEnv;
  /** Colours for a terminal; main.ts loads them only when some stream may use them. */
  paint?: Paint;
  /** --query, compiled before the command acts (src/output/query.ts). */
  query?: QueryFilter;
  /** The command line as given, set by src/main.ts: the audit trail records it, masked. */
  argv?: readonly string[];
}

const ios = new WeakMap<Command, Io>();

/** Gives a program its streams and environment; src/main.ts calls it once per run. */
export function bindIo(program: Command, io: Io): void {
  ios.set(program, io);
}

/** The program (the root command) a command belongs to. */
export function programOf(command: Command): Command {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

/** The Io of the program a command belongs to. */
export function ioOf(command: Command): Io {
  const io = ios.get(programOf(command));
  if (!io) throw new Error('dactl: the program was built without bindIo()');
  return io;
}

/** A terminal's width in columns; undefined when the stream is not a terminal (or tells none). */
export const terminalColumns = (stream: {
  isTTY?: boolean;
  columns?: number;
}): number | undefined =>
  stream.isTTY === true && stream.columns !== undefined && stream.columns > 0
    ? stream.columns
    : undefined;
