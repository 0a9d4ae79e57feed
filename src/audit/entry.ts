// One line of the trail: who sent which change where, and what came of it. Secrets go through
// the one redaction rule (src/http/redact.ts): secret-named fields and options hidden, and every
// value the request sent under a secret name (and the password) masked wherever else it shows.
// A large part (a body, an argument) is replaced by its size and the digest of its redacted
// text, never of the secret, which a digest would let anyone test guesses against.
import { createHash } from 'node:crypto';
import { mayHaveMade } from '../api/sent.js';
import { NetworkError } from '../errors.js';
import { hidden, isSecretName, maskData, redactText } from '../redact/redact.js';
import { singleQuoted } from '../text/shell.js';

export const outcomes = ['done', 'refused', 'may-have-been-made', 'not-sent'] as const;
export type Outcome = (typeof outcomes)[number];

export interface Entry {
  /** When the change was sent, UTC ISO 8601. */
  time: string;
  dactl: string;
  /** The local user, and the one who ran sudo. */
  user: string;
  sudoUser?: string;
  host: string;
  pid: number;
  /** The command ('unit app restart') and its command line, secrets masked. */
  command: string;
  line: string;
  profile?: string;
  /** The panel's origin, or Unit's socket / the task queue for a change made on the server. */
  panel: string;
  login?: string;
  as?: string;
  method: string;
  path: string;
  fields?: unknown;
  outcome: Outcome;
  /** The error, in the panel's words where it gave any. */
  said?: string;
}

/** The most of a part (the fields sent, one argument) kept as it is. */
const maxPart = 4096;
/** The most of an error message kept. */
const maxSaid = 1024;

/** The fields sent, or their size and digest when they are longer than maxPart. */
export function boundedFields(fields: unknown): unknown {
  if (fields === undefined) return undefined;
  const text = JSON.stringify(fields);
  return text.length > maxPart ? digestOf(text) : fields;
}

const digestOf = (text: string): { bytes: number; sha256: string } => ({
  bytes: Buffer.byteLength(text),
  sha256: createHash('sha256').update(text).digest('hex'),
});

/** The command line, each argument redacted; a value after a secret-named option hidden. */
export function maskedLine(argv: readonly string[]): string {
  const shown: string[] = ['dactl'];
  let hideNext = false;
  for (const arg of argv) {
    const hide = hideNext && !arg.startsWith('-');
    hideNext = false;
    const option = /^--?([A-Za-z][\w-]*)$/.exec(arg)?.[1];
    if (option !== undefined && isSecretName(option)) hideNext = true;
    const text = hide ? hidden : redactText(arg);
    shown.push(quote(text.length > maxPart ? `<${JSON.stringify(digestOf(text))}>` : text));
  }
  return shown.join(' ');
}

/** An argument as a POSIX shell reads it back, quoted only when it needs to be. */
const quote = (arg: string): string => (/^[\w@%+=:,./*-]+$/.test(arg) ? arg : singleQuoted(arg));

/** The outcome of a change from its error (none: done), by dactl's one rule for lost answers. */
export function outcomeOf(error: unknown): { outcome: Outcome; said?: string } {
  if (error === undefined) return { outcome: 'done' };
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : 'no message';
  const said = message.length > maxSaid ? `${message.slice(0, maxSaid)}…` : message;
  if (error instanceof NetworkError && error.unsent) return { outcome: 'not-sent', said };
  return { outcome: mayHaveMade(error) ? 'may-have-been-made' : 'refused', said };
}

/** The line as written: the sent secrets masked in every string of it, then one JSON line. */
export function lineOf(entry: Entry, secrets: ReadonlySet<string>): string {
  return `${JSON.stringify(maskData(entry, secrets))}\n`;
}
