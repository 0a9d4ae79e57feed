// Turns a panel reply into data or a DactlError. Pure: status, headers and body in, value out.
// The panel has two reply dialects (legacy /CMD_*, new /api/*) and several ways to say "no";
// they all end here so every command maps them the same way.
import { isRecord } from '../json/record.js';
import {
  AuthError,
  LoginRefusedError,
  NetworkError,
  NotFoundError,
  PanelError,
} from '../errors.js';
import { parseJson } from '../json/parse.js';
import {
  errorPage,
  isLoginPage,
  notForThisAccount,
  outsideAuthority,
  pageTitle,
  serverTrouble,
} from './page.js';

export type Tier = 'new' | 'legacy' | 'discovered';

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface ReplyContext {
  tier: Tier;
  /** Names the login in auth errors: 'profile "prod" (admin|fred)'. */
  who: string;
  url: string;
}

const header = (reply: RawReply, name: string): string => {
  const value = reply.headers[name];
  return (Array.isArray(value) ? value.join(', ') : (value ?? '')).trim();
};

const authHint =
  'Check the username and password (a Login Key is recommended), and that the account may act as the --as user.';

export function decodeReply(reply: RawReply, ctx: ReplyContext): unknown {
  const type = header(reply, 'content-type').toLowerCase();
  const html = type.includes('text/html') || /^\s*<(!doctype|html)/i.test(reply.body);
  if (reply.status === 401 || header(reply, 'x-directadmin').toLowerCase() === 'unauthorized') {
    throw refusedLogin(reply, ctx, html);
  }
  if (header(reply, 'x-use-https').toLowerCase() === 'yes') {
    throw new NetworkError(
      `The panel at ${ctx.url} requires HTTPS.`,
      `Use ${httpsUrl(ctx.url)} in the profile (dactl profile add ... --url ${httpsUrl(ctx.url)}).`,
    );
  }
  if (reply.status >= 300 && reply.status < 400) {
    const location = header(reply, 'location');
    throw new NetworkError(
      `The panel answered with a redirect${location ? ` to ${location}` : ''} instead of data.`,
      ctx.url.startsWith('http:')
        ? `The panel probably wants HTTPS: try ${httpsUrl(ctx.url)}.`
        : 'A redirect on an API call usually means a Login Key restriction or a wrong URL.',
    );
  }
  if (html) {
    const title = pageTitle(reply.body);
    // A legacy command's login page is labelled exactly `text/html` (facts page, third-party
    // clients): a 2xx page so labelled, with no title saying otherwise, is taken for it. An
    // error status or a title makes it an error page (nginx labels its pages so too).
    const bare = ctx.tier !== 'new' && type === 'text/html' && reply.status < 300 && !title;
    if (bare || isLoginPage(reply.body, title)) throw loginPageError(ctx);
    throw errorPage(reply.status, reply.body, title);
  }
  const data = parseBody(reply, ctx);
  const failure = failureOf(data, ctx.tier);
  if (reply.status >= 400 || failure) return rejectStatus(reply.status, failure, data);
  return data;
}

/** 401 or `X-DirectAdmin: Unauthorized`: the panel's login page, or its words when it gave any. */
function refusedLogin(reply: RawReply, ctx: ReplyContext, html: boolean): LoginRefusedError {
  if (html) {
    const title = pageTitle(reply.body);
    if (!title || isLoginPage(reply.body, title)) return loginPageError(ctx);
    return new LoginRefusedError(
      `The panel, or a proxy in front of it, refused the login of ${ctx.who} (HTTP ${String(reply.status)}, "${title}").`,
      authHint,
    );
  }
  const said = wordsOf(reply, ctx);
  return new LoginRefusedError(
    said
      ? `The panel refused the login of ${ctx.who}: ${said}`
      : `The panel refused the login of ${ctx.who}.`,
    authHint,
    said,
  );
}

/** The panel's own words in a refusal's body; undefined for a bare `{"type":"UNAUTHORIZED"}`. */
function wordsOf(reply: RawReply, ctx: ReplyContext): string | undefined {
  let data: unknown;
  try {
    data = parseBody({ ...reply, status: 200 }, ctx);
  } catch {
    return undefined;
  }
  if (isRecord(data) && typeof data.type === 'string' && !data.message) return undefined;
  return failureOf(data, ctx.tier)?.message.replace(/[\s.]+$/, '') || undefined;
}

const loginPageError = (ctx: ReplyContext): LoginRefusedError =>
  new LoginRefusedError(
    `The panel did not accept the credentials of ${ctx.who}: it answered with its login page.`,
    authHint,
  );

function parseBody(reply: RawReply, ctx: ReplyContext): unknown {
  const text = reply.body.trim();
  if (ctx.tier === 'legacy' && text && !/^[[{"]/.test(text)) return decodeUrlEncoded(text);
  const trouble = serverTrouble(reply.status, '');
  if (!text) {
    if (trouble) throw trouble;
    if (reply.status === 404) throw notFound();
    return null;
  }
  const parsed = parseJson(text);
  if (parsed.ok) return parsed.value;
  if (trouble) throw trouble;
  // A 404 page in plain text (a path outside the API) still means "not found".
  if (reply.status === 404) throw notFound();
  const size = `HTTP ${reply.status}, ${text.length} bytes`;
  // Too deep for what reads the data after it (json/parse.ts): no panel nests its replies so.
  const { tooDeep, message } = parsed.error;
  throw new PanelError(
    tooDeep
      ? `The panel's reply (${size}) is refused: ${message}.`
      : `The panel answered with something that is not JSON (${size}).`,
    'Run again with --debug to see the request; a proxy in front of the panel can cause this.',
    reply.status,
  );
}

interface Failure {
  message: string;
  type?: string;
}

/** The panel's own words for a failure, or undefined when the body says success. */
function failureOf(data: unknown, tier: Tier): Failure | undefined {
  if (!isRecord(data)) return undefined;
  const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
  // New API: {type, message}. Legacy JSON: {error, result}. Legacy URL-encoded: error=1&text&details.
  if (tier !== 'legacy' && typeof data.type === 'string' && /^[A-Z0-9_]+$/.test(data.type)) {
    return { message: str(data.message) || humanType(data.type), type: data.type };
  }
  if (data.error === '1' || data.error === 1) {
    return {
      message: joinWords(str(data.text), str(data.details)) || 'The panel reported an error.',
    };
  }
  if (typeof data.error === 'string' && data.error !== '0' && data.error !== '') {
    return { message: joinWords(data.error, str(data.result) || str(data.details)) };
  }
  return undefined;
}

function rejectStatus(status: number, failure: Failure | undefined, data: unknown): never {
  const words = failure?.message ?? (status ? `HTTP ${status}` : 'an error');
  // Older panels answer it with 200, and only its words tell it from any other refusal.
  if (outsideAuthority(words)) throw notForThisAccount(status, words);
  if (status === 403 || failure?.type === 'ACCESS_DENIED' || failure?.type === 'UNAUTHORIZED') {
    throw new AuthError(`The panel refused: ${words}`);
  }
  if (status === 404 || failure?.type === 'NOT_FOUND')
    throw new NotFoundError(`Not found: ${words}`);
  const trouble = serverTrouble(status, words);
  if (trouble) throw trouble;
  throw new PanelError(words, undefined, status, failure?.type ?? typeOf(data));
}

/** `a=1&list[]=x&list[]=y` → {a:"1", list:["x","y"]}; a lone list becomes the array itself. */
export function decodeUrlEncoded(text: string): unknown {
  // A Map, not an object: a key named `__proto__` from the panel stays a plain key.
  const result = new Map<string, string | string[]>();
  // Panels send entities raw (`O&#39;Brien`) or percent-encoded; a raw one's `&` would split its
  // pair. Raw ones are percent-encoded first, so both forms parse alike and every entity is
  // decoded exactly once below (a value's own text `&#38;#39;` stays `&#39;`).
  const unsplit = text.replace(/&#(?:\d+|[xX][0-9a-fA-F]+);/g, encodeURIComponent);
  for (const [rawKey, rawValue] of new URLSearchParams(unsplit)) {
    // Keys are decoded like values, so `list%5B%5D` and `list&#91;&#93;` are lists too.
    const key = decodeEntities(rawKey);
    const value = decodeEntities(rawValue);
    if (key.endsWith('[]')) {
      const list = result.get(key.slice(0, -2));
      if (Array.isArray(list)) list.push(value);
      else result.set(key.slice(0, -2), [value]);
    } else {
      result.set(key, value);
    }
  }
  const list = result.get('list');
  if (result.size === 1 && Array.isArray(list)) return list;
  return Object.fromEntries(result);
}

/**
 * The panel escapes some characters as HTML numeric entities (&#60;) inside URL-encoded values.
 * One that names no character (0, a surrogate, beyond U+10FFFF) becomes U+FFFD, as browsers do.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&#(?:(\d+)|[xX]([0-9a-fA-F]+));/g, (_, dec?: string, hex?: string) => {
    const code = dec !== undefined ? Number(dec) : parseInt(hex ?? '', 16);
    const named = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return named ? String.fromCodePoint(code) : '\uFFFD';
  });
}

const notFound = (): NotFoundError =>
  new NotFoundError('The panel does not know this path (HTTP 404).');

const joinWords = (title: string, details: string): string =>
  title && details && title !== details ? `${title}: ${details}` : title || details;

const humanType = (type: string): string =>
  type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');

const typeOf = (data: unknown): string | undefined =>
  isRecord(data) && typeof data.type === 'string' ? data.type : undefined;

const httpsUrl = (url: string): string => url.replace(/^http:/, 'https:');
