// The body lines of the --debug trace: what was sent, and the start of what came back. Both are
// redacted like everything else (src/redact/redact.ts), whatever their shape, and the reply's
// echoes of the secrets sent are masked.
import { maskValues, redactBody } from '../redact/redact.js';
import type { RequestPreview } from './transport.js';

/** Where the trace goes: the run's Log (src/output/log.ts) has this method; http needs no more. */
export interface DebugLog {
  debug(message: string): void;
}

// Enough to see what a reply is; a trace of a 60 MiB reply would bury everything else.
const shown = 2000;

export function traceSent(log: DebugLog, preview: RequestPreview): void {
  const body =
    preview.form ??
    (preview.json !== undefined ? JSON.stringify(preview.json) : undefined) ??
    preview.body;
  if (body) log.debug(`> ${body.length > shown ? `${body.slice(0, shown)}…` : body}`);
}

export function traceReceived(
  log: DebugLog,
  reply: { headers: Record<string, string | string[] | undefined>; body: string },
  secrets: ReadonlySet<string>,
): void {
  const { body } = reply;
  if (!body) return;
  const type = String(reply.headers['content-type'] ?? '');
  // Echoes are masked in the whole body, then it is cut and redacted: the text rules of
  // redactBody hide a secret-named value even in a body cut short.
  const text = redactBody(maskValues(body, secrets).slice(0, shown), type);
  log.debug(
    `< ${body.length > shown ? `${text}… (${String(body.length)} characters in all)` : text}`,
  );
}
