// What a handler answers, as data. Handlers never write HTTP themselves: render.ts turns a Reply
// into status, headers and body, choosing the encoding (JSON or URL-encoded) and applying the
// sandbox modes, so every endpoint gets the panel's quirks right for free.

export type Reply =
  /**
   * Legacy success: `{"success":text,"result":details}` or `error=0&text=...&details=...`;
   * `extra` members are added to the JSON form only (`"extended":"true"` on a created user).
   */
  | { kind: 'success'; text: string; details: string; extra?: Record<string, string> }
  /**
   * Any failure. Legacy: `{"error":text,"result":details}` / `error=1&...`; new API:
   * `{"type":type,"message":details}`. The status is kept or turned to 200 by the legacyErrors mode.
   */
  | { kind: 'error'; status: number; type: string; text: string; details: string }
  /** Legacy list: a bare JSON array, or `list[]=a&list[]=b`. */
  | { kind: 'list'; items: readonly string[] }
  /** A JSON body as is: the new API's normal reply. */
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  /**
   * A legacy command's settings (`key=value&...`, or a JSON object of strings with json=yes),
   * such as CMD_API_SHOW_USER_CONFIG.
   */
  | { kind: 'fields'; fields: Record<string, string> }
  /**
   * A legacy page's data (CMD_UNIT's listing): JSON with json=yes; without it the panel shows the
   * web interface's HTML page, titled `title`, which is no API reply at all.
   */
  | { kind: 'data'; body: unknown; title: string }
  /** Failed login or refused impersonation: 401 or the HTML login page, per badCredentials mode. */
  | { kind: 'login-failed'; reason: string }
  /** A non-API page (login form, HTML), sent as is. */
  | {
      kind: 'page';
      status: number;
      contentType: string;
      body: string;
      headers?: Record<string, string>;
    };

export const success = (text: string, details = '', extra?: Record<string, string>): Reply => ({
  kind: 'success',
  text,
  details,
  extra,
});

export const fields = (values: Record<string, string>): Reply => ({
  kind: 'fields',
  fields: values,
});

export const list = (items: readonly string[]): Reply => ({ kind: 'list', items });

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({
  kind: 'json',
  status,
  body,
  headers,
});

export const data = (body: unknown, title: string): Reply => ({ kind: 'data', body, title });

export const failure = (status: number, type: string, text: string, details: string): Reply => ({
  kind: 'error',
  status,
  type,
  text,
  details,
});

export const loginFailed = (reason: string): Reply => ({ kind: 'login-failed', reason });

export const page = (
  status: number,
  contentType: string,
  body: string,
  headers?: Record<string, string>,
): Reply => ({ kind: 'page', status, contentType, body, headers });

/**
 * DirectAdmin's one sentence for a legacy command outside the account's authority, whether the
 * command is unknown or above the account's level (facts page: clients match it). Only the status
 * differs: 404 for an unknown command, 403 for a forbidden one (200 in legacyErrors=ok mode).
 */
export const AUTHORITY_SENTENCE =
  "The request you've made cannot be executed because it does not exist in your authority level";

/** A command above the account's level: 403 ACCESS_DENIED on /api, the sentence on CMD_*. */
export const accessDenied = (): Reply => failure(403, 'ACCESS_DENIED', AUTHORITY_SENTENCE, '');

export const badRequest = (details: string): Reply =>
  failure(400, 'BAD_REQUEST', 'Invalid request', details);

// The apostrophe in the sentence shows as the panel's HTML entity (&#39;) in URL-encoded replies.
export const unknownCommand = (): Reply => failure(404, 'NOT_FOUND', AUTHORITY_SENTENCE, '');

export const internalError = (details: string, status = 500): Reply =>
  failure(status, 'INTERNAL_ERROR', 'Internal Server Error', details);
