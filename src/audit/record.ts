// The audit trail's recorder, loaded only when a run sends its first change. The transport calls
// beginChange for every request that may change something (src/http/transport.ts); `unit sync`
// and `unit app restart`, which change the server without the panel's API, call recordLocal. A
// trail that cannot be written is a warning: the change's own outcome and exit code stand.
import { hostname, userInfo } from 'node:os';
import type { Context } from '../context.js';
import type { ChangeOutcome, Client, PanelRequest } from '../http/transport.js';
import { escapeControl } from '../text/escape.js';
import { versions } from '../version.js';
import { appendLine } from './append.js';
import { boundedFields, lineOf, maskedLine, outcomeOf, type Entry } from './entry.js';
import { auditOff, trailPlace } from './path.js';

/** What a change is, besides who sent it: filled in by the caller. */
export type Change = Pick<Entry, 'panel' | 'method' | 'path'> &
  Partial<Pick<Entry, 'profile' | 'login' | 'as' | 'fields'>>;

/**
 * Starts the record of a panel request; the transport calls the result with its outcome. Never
 * throws: a request that cannot be recorded is a warning, and is sent all the same.
 */
export function beginChange(
  ctx: Context,
  profile: string | undefined,
  client: Client,
  request: PanelRequest,
): ChangeOutcome | undefined {
  if (auditOff(ctx.io.env)) return undefined;
  try {
    return recorder(ctx, panelChange(client, request, profile), client.secrets(request));
  } catch (failure) {
    warnOnce(ctx, failure);
    return undefined;
  }
}

/** What the request changes where, as the one redaction rule shows it (Client.preview). */
function panelChange(client: Client, request: PanelRequest, profile?: string): Change {
  const preview = client.preview(request);
  const url = new URL(preview.url);
  const fields =
    request.form !== undefined
      ? Object.fromEntries(new URLSearchParams(preview.form))
      : request.json !== undefined
        ? preview.json
        : preview.body;
  const { username, as } = client.options;
  return {
    panel: url.origin,
    method: request.method,
    path: preview.url.slice(url.origin.length),
    login: username,
    ...(as === undefined ? {} : { as }),
    ...(profile === undefined ? {} : { profile }),
    ...(fields === undefined ? {} : { fields }),
  };
}

/** Runs a change made on this server (not through the panel's API) and records its outcome. */
export async function recordLocal<T>(
  ctx: Context,
  change: Change,
  run: () => T | Promise<T>,
): Promise<T> {
  let end: ChangeOutcome | undefined;
  try {
    if (!auditOff(ctx.io.env)) end = recorder(ctx, change, new Set());
  } catch (failure) {
    warnOnce(ctx, failure);
  }
  try {
    const result = await run();
    end?.();
    return result;
  } catch (error) {
    end?.(error);
    throw error;
  }
}

/** The entry as far as it is known when the change is sent; the rest comes with its outcome. */
function recorder(ctx: Context, change: Change, secrets: ReadonlySet<string>): ChangeOutcome {
  const { env, argv = [] } = ctx.io;
  const base = {
    time: new Date().toISOString(),
    dactl: versions().version,
    user: localUser(),
    ...(env.SUDO_USER ? { sudoUser: env.SUDO_USER } : {}),
    host: hostname(),
    pid: process.pid,
    command: ctx.command ?? '',
    line: maskedLine(argv),
    ...change,
    ...(change.fields === undefined ? {} : { fields: boundedFields(change.fields) }),
  };
  let ended = false;
  return (error?: unknown) => {
    if (ended) return;
    ended = true;
    try {
      appendLine(trailPlace(env), lineOf({ ...base, ...outcomeOf(error) }, secrets));
    } catch (failure) {
      warnOnce(ctx, failure);
    }
  };
}

function localUser(): string {
  try {
    return userInfo().username;
  } catch {
    // A uid with no name (a container's): the number says who.
    return `uid ${String(process.getuid?.() ?? '?')}`;
  }
}

/** Said once per run (a fleet of 50 panels would say it 50 times), with the fix. */
const warned = new WeakMap<NodeJS.ProcessEnv, Set<string>>();

function warnOnce(ctx: Context, failure: unknown): void {
  const message = failure instanceof Error ? failure.message : String(failure);
  const hint = (failure as { hint?: unknown }).hint;
  const text =
    `The audit trail was not written: ${message}` +
    (typeof hint === 'string' ? ` ${hint}` : '') +
    ' (DACTL_AUDIT_FILE moves it, DACTL_AUDIT=off stops it.)';
  const said = warned.get(ctx.io.env) ?? new Set<string>();
  warned.set(ctx.io.env, said);
  if (said.has(text)) return;
  said.add(text);
  ctx.log.warn(escapeControl(text));
}
