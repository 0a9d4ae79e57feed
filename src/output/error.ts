// How a failure is shown, for a run (src/main.ts) and for each failing panel of a fleet run
// (src/fleet/run.ts): `error:` and `hint:` lines on stderr, or one JSON object under -o json;
// then what the user must keep (a generated password that was sent).
import { DactlError, ExitCode, ProblemsError } from '../errors.js';
import type { Output } from '../io.js';
import { escapeControl, escapeLines } from '../text/escape.js';

interface ErrorShown {
  /** -o json: `{"error": {...}}`, with `profile` beside it for a fleet's panel. */
  json: boolean;
  /** A fleet's failing panel: one line naming it, no hint (the run's own error follows). */
  profile?: string;
  /** --debug: the stack's frames follow. */
  debug?: boolean;
}

export const exitCodeOf = (error: unknown): number =>
  error instanceof DactlError ? error.exitCode : ExitCode.failure;

/** Writes `error` to `stderr` (a ProblemsError's list to stdout under -o json). */
export function showError(
  error: unknown,
  how: ErrorShown,
  streams: { stdout: Output; stderr: Output },
): void {
  const { stderr } = streams;
  showMessage(error, how, streams);
  // The frames only: the stack's own copy of the message was taken before secrets were masked.
  if (how.debug === true && error instanceof Error && error.stack) {
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
    stderr.write(frames.map(escapeControl).join('\n') + '\n');
  }
}

function showMessage(
  error: unknown,
  how: ErrorShown,
  streams: { stdout: Output; stderr: Output },
): void {
  const { stderr } = streams;
  const known = error instanceof DactlError;
  const message = error instanceof Error ? error.message : String(error);
  const hint = known ? error.hint : 'This is a bug in dactl; run again with --debug for details.';
  const keep = known ? error.keep : undefined;
  const { profile } = how;
  if (how.json) {
    if (error instanceof ProblemsError) streams.stdout.write(JSON.stringify(error.problems) + '\n');
    const code = known ? error.code : 'INTERNAL';
    const kept = keep ? { [keep.key]: keep.value } : {};
    const failure = {
      code,
      message,
      exitCode: exitCodeOf(error),
      ...(hint ? { hint } : {}),
      ...kept,
    };
    const shown = profile === undefined ? { error: failure } : { profile, error: failure };
    stderr.write(JSON.stringify(shown) + '\n');
    return;
  }
  if (profile !== undefined) {
    stderr.write(`error: ${profile}: ${escapeControl(message)}\n`);
    if (keep) stderr.write(`${profile}: ${keep.label}: ${escapeControl(keep.value)}\n`);
    return;
  }
  // Panel text in a message is escaped, and its lines indented: it cannot forge a hint line.
  stderr.write(`error: ${escapeLines(message)}\n${hint ? `hint: ${escapeLines(hint)}\n` : ''}`);
  if (keep) stderr.write(`${keep.label}: ${escapeControl(keep.value)}\n`);
}
