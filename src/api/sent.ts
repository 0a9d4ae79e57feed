// A change whose answer is lost may still have been made: a POST is never retried, and a
// timeout, a reset or a cut-off reply says nothing about what the panel did. Every change goes
// through sendMutation (Context.change, and `dactl api` for its writes), so every one of them says
// so, names how to check, and keeps what only this run knows (a generated password) on stderr
// or in the JSON error object, also when Ctrl-C stops the wait. A change the panel refused in its
// own words was not made: its generated password is not shown, as it opens nothing.
import { AuthError, DactlError, NetworkError, NotFoundError, PanelError } from '../errors.js';
import type { Client, PanelRequest } from '../http/transport.js';
import type { Output } from '../io.js';

export interface AfterSend {
  /** What may have happened, e.g. "the account may exist already". */
  outcome?: string;
  /** How to find out, e.g. 'check with "dactl users list"'. */
  check?: string;
  /** A secret dactl made up and sent with the request: shown on any failure once sent. */
  secret?: { key: string; label: string; value: string };
  /** Checks the decoded reply; a failure here also keeps the secret. */
  verify?: (reply: unknown) => void;
  /** Turns a failure into the command's own words, before the secret is attached. */
  explain?: (error: unknown) => unknown;
}

const same = (error: unknown): unknown => error;

/**
 * Whether a failed change may still have been made: not when the panel refused it in its own
 * words (a 4xx, a legacy error, a refused login or permission) or nothing left this machine. A
 * lost or cut-off answer, a 5xx, or a reply that makes no sense (those carry a hint) may have.
 */
const mayHaveMade = (error: unknown): boolean =>
  !(
    error instanceof AuthError ||
    error instanceof NotFoundError ||
    (error instanceof PanelError && error.hint === undefined) ||
    (error instanceof NetworkError && error.unsent)
  );
const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The hint for a change that may have been made; undefined for a read or a certain outcome. */
export function uncertainty(error: unknown, request: PanelRequest, after: AfterSend = {}): unknown {
  if (reads.has(request.method.toUpperCase())) return error;
  if (!(error instanceof NetworkError) || error.unsent) return error;
  const maybe =
    `The request was sent, so ${after.outcome ?? 'the change may have been made'}: ` +
    `${after.check ?? 'check on the panel'} before trying again.`;
  return new NetworkError(error.message, error.hint ? `${error.hint} ${maybe}` : maybe);
}

/** The line that keeps a secret when the error cannot carry it (a bug, or Ctrl-C). */
const secretLine = (secret: NonNullable<AfterSend['secret']>): string =>
  `${secret.label}: ${secret.value}\n`;

/** Sends a change with everything above; `stderr` hears about an interruption. */
export async function sendMutation(
  client: Client,
  request: PanelRequest,
  after: AfterSend,
  stderr: Output,
): Promise<unknown> {
  const { secret } = after;
  const interrupted = (signal: NodeJS.Signals): void => {
    detach();
    const maybe = after.outcome ?? 'the change may have been made';
    stderr.write(
      `Interrupted after the request was sent: ${maybe}; ${after.check ?? 'check on the panel'}.\n`,
    );
    if (secret) stderr.write(secretLine(secret));
    // Ends dactl as the signal would have (exit 130 in a shell).
    process.kill(process.pid, signal);
  };
  const detach = (): void => {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const reply = await client.send(request);
    after.verify?.(reply);
    return reply;
  } catch (error) {
    const said = uncertainty(await (after.explain ?? same)(error), request, after);
    if (secret && mayHaveMade(error)) {
      if (said instanceof DactlError) said.keep = secret;
      else stderr.write(secretLine(secret));
    }
    throw said;
  } finally {
    detach();
  }
}
