// What a handler answers, as data. Handlers never write HTTP themselves: render.ts turns a Reply
// into status, headers and body, choosing the encoding (JSON or URL-encoded) and applying the
// sandbox modes, so every endpoint gets the panel's quirks right for free.

import type { Role } from './types.js';

export type Reply =
  /** Legacy success: `{"success":text,"result":details}` or `error=0&text=...&details=...`. */
  | { kind: 'success'; text: string; details: string }
  /**
   * Any failure. Legacy: `{"error":text,"result":details}` / `error=1&...`; new API:
   * `{"type":type,"message":details}`. The status is kept or turned to 200 by the legacyErrors mode.
   */
  | { kind: 'error'; status: number; type: string; text: string; details: string }
  /** Legacy list: a bare JSON array, or `list[]=a&list[]=b`. */
  | { kind: 'list'; items: readonly string[] }
  /** A JSON body as is: the new API's normal reply. */
  | { kind: 'json'; status: number; body: unknown }
  /**
   * A legacy page's data (CMD_UNIT's listing): JSON with json=yes; without it the panel shows the
   * web interface's HTML page, titled `title`, which is no API reply at all.
   */
  | { kind: 'data'; body: unknown; title: string }
  /** Failed login or refused impersonation: 401 or the HTML login page, per badCredentials mode. */
  | { kind: 'login-failed'; reason: string }
  /** A non-API page (login form, HTML), sent as is. */
  | { kind: 'page'; status: number; contentType: string; body: string };

export const success = (text: string, details = ''): Reply => ({ kind: 'success', text, details });

export const list = (items: readonly string[]): Reply => ({ kind: 'list', items });

export const json = (body: unknown, status = 200): Reply => ({ kind: 'json', status, body });

export const data = (body: unknown, title: string): Reply => ({ kind: 'data', body, title });

export const failure = (status: number, type: string, text: string, details: string): Reply => ({
  kind: 'error',
  status,
  type,
  text,
  details,
});

export const loginFailed = (reason: string): Reply => ({ kind: 'login-failed', reason });

export const page = (status: number, contentType: string, body: string): Reply => ({
  kind: 'page',
  status,
  contentType,
  body,
});

export const accessDenied = (level: Role): Reply =>
  failure(
    403,
    'ACCESS_DENIED',
    'Access Denied',
    `That command requires ${level === 'admin' ? 'an admin' : `a ${level}`} account`,
  );

export const badRequest = (details: string): Reply =>
  failure(400, 'BAD_REQUEST', 'Invalid request', details);

// The apostrophe is deliberate: URL-encoded replies then show the panel's HTML entities (&#39;).
export const unknownCommand = (path: string): Reply =>
  failure(404, 'NOT_FOUND', 'Unknown command', `${path.slice(1)} isn't a command this panel knows`);

export const internalError = (details: string, status = 500): Reply =>
  failure(status, 'INTERNAL_ERROR', 'Internal Server Error', details);
