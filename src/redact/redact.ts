// Secrets never reach --debug, --dry-run, `api -i` or an error message. One rule says which
// names are secret (isSecretName); every shape goes through it: parsed JSON, form and query
// parameters, headers, and text that parses as neither (a broken body, a panel's error text).
// PEM private keys are hidden wherever they appear. What a request sent under a secret name is
// also masked wherever the panel echoes it back, in any escaped form (secret-forms.ts).
import { isRecord } from '../json/record.js';
import { parseJson, type Parsed } from '../json/parse.js';
import { escapeControl } from '../text/escape.js';
import { maskForms } from './secret-forms.js';

export { mayEcho, secretSet } from './secret-forms.js';

export const hidden = '***';

// Words that name a secret as the last word of a name (pw, db_pw, userPwd, X-Session), or before
// a last word saying which part of it is meant (session_id, sessionID, otp_code). Not OTPTrustDays,
// session_timeout or mfa_method, which say something about the secret, not the secret itself.
const secretWords = new Set([
  ...'apikey pw pwd otp totp mfa authorization cookie'.split(' '),
  ...'session sessionid credential credentials'.split(' '),
]);
const partOf = new Set(['id', 'code', 'value']);
// Last words that measure a secret rather than hold it: passwordCheckMinLength, token_ttl.
const measures = new Set(['length', 'len', 'min', 'max', 'days', 'count', 'ttl']);

/**
 * Whether a field, parameter or header name is secret-shaped. Ignoring case, a name is secret
 * when it
 * - contains "pass", "secret" or "token": passwd, passwd2, adminPass, password, db_pass,
 *   dbpassword, passphrase, client_secret, csrf_token. Except `pass` alone: it is Unit's route
 *   action (`"pass": "applications/blog"`), a target, never a secret; and except a name whose
 *   last word is one of `measures` (passwordCheckMinLength);
 * - or ends in the word "key", numbered or not: key, key2, api_key, apiKey, X-Api-Key. Not
 *   keyboard, keyname, key_name or monkey, where the key is not the last word;
 * - or ends in one of secretWords (numbered or not), or in one and then id, code or value.
 * Words are split at anything but letters and digits and where camelCase turns upper.
 * A bracketed or dotted name (site[adminPass], user.key) is judged by its last part.
 */
export function isSecretName(name: string): boolean {
  const last =
    name
      .split(/[[\].]/)
      .filter(Boolean)
      .pop() ?? name;
  const lower = last.toLowerCase();
  if (lower === 'pass') return false;
  const words = last
    .split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/)
    .filter(Boolean)
    .map((w) => w.toLowerCase().replace(/\d+$/, ''));
  const end = words.at(-1) ?? '';
  if (/pass|secret|token/.test(lower)) return !measures.has(end);
  return (
    end === 'key' ||
    secretWords.has(end) ||
    (partOf.has(end) && secretWords.has(words.at(-2) ?? ''))
  );
}

/** Gathers the values hidden on the way, to mask their echoes (see maskValues). */
export type Seen = (value: string) => void;

/** Copies a JSON-like value with every secret member hidden, and secret-shaped text in strings. */
export function redactValue(value: unknown, seen?: Seen): unknown {
  if (typeof value === 'string') return redactText(value, seen);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, seen));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        isSecretName(k) ? hideUnder(v, seen) : redactValue(v, seen),
      ]),
    );
  }
  return value;
}

/** Redacts secret parameters of a query string or form body (values are scanned as text too). */
export function redactParams(params: URLSearchParams, seen?: Seen): string {
  const copy = new URLSearchParams();
  for (const [k, v] of params)
    copy.append(k, isSecretName(k) ? hide(v, seen) : redactText(v, seen));
  return copy.toString();
}

/** Headers with credentials (Authorization, Cookie) and other secret names (X-Api-Key) hidden. */
export function redactHeaders<T>(headers: Record<string, T>): Record<string, T | string> {
  const shown: Record<string, T | string> = {};
  for (const [k, v] of Object.entries(headers)) {
    shown[k] = isSecretName(k) ? hidden : v;
  }
  return shown;
}

/** A URL with its password and secret query parameters hidden. */
export function redactUrl(url: URL, seen?: Seen): string {
  const copy = new URL(url);
  if (copy.password) {
    seen?.(decodeURIComponent(copy.password));
    copy.password = hidden;
  }
  const params = copy.search ? redactParams(copy.searchParams, seen) : '';
  copy.search = '';
  return params ? `${copy.toString()}?${params}` : copy.toString();
}

/**
 * A body with its secrets hidden, whatever its shape: JSON is parsed and redacted (shown as
 * given when nothing in it is secret), a form by its parameters, anything else as text.
 */
export function redactBody(text: string, type: string, seen?: Seen): string {
  const json = parseContainer(text);
  if (json.ok) {
    const redacted = JSON.stringify(redactValue(json.value, seen));
    return redacted === JSON.stringify(json.value) ? text : redacted;
  }
  if (type.includes('x-www-form-urlencoded') && /^[^\s{["']*$/.test(text.trim())) {
    const params = new URLSearchParams(text.trim());
    const redacted = redactParams(params, seen);
    return redacted === params.toString() ? text : redacted;
  }
  return redactText(text, seen);
}

/** A JSON object or array; anything else (a bare string or number) is redacted as text. */
function parseContainer(text: string): Parsed | { ok: false } {
  const start = text.trimStart()[0];
  return start === '{' || start === '[' ? parseJson(text) : { ok: false };
}

// A PEM private key wherever it stands (a `certificate` field carrying key and certificate, a
// panel's error quoting it), its spaces maybe form-encoded; cut short, hidden to the end. A
// certificate is public and stays.
const pemSpace = '(?:[ +]|%20)';
const pemLine = (edge: string): string =>
  `-----${edge}${pemSpace}(?:[A-Z0-9]+${pemSpace})*PRIVATE${pemSpace}KEY(?:${pemSpace}BLOCK)?-----`;
const privateKey = new RegExp(`(${pemLine('BEGIN')})[\\s\\S]*?(${pemLine('END')}|$)`, 'g');
// `"name": "value"` (or 'name': 'value', or a bare value) as in JSON, even broken JSON.
const quotedPair =
  /(["'])((?:\\.|(?!\1)[^\\\n])*)\1(\s*:\s*)(?:(["'])((?:\\.|(?!\4)[^\\\n])*)(\4?)|([^\s,{}[\]"']+))/g;
// `name: value` with the name unquoted, as in YAML, a JavaScript object literal or a header
// (`Authorization: Basic <credentials>`, the scheme kept).
const barePair = /(^|[\s{,])([A-Za-z_][\w.-]*)(\s*:\s*)(["']?)((?:Basic|Bearer)\s+)?([^\s,{}"']+)/g;
// `name=value` as in a form, a query string or a cookie; the value ends at & ; space or a quote.
const assignment = /(^|[^\w%.[\]-])([\w%.[\]-]+)=([^&;\s"'<>]*)/g;
// A credential written out: `Basic dXNlcjpwYXNz`, `Bearer eyJ...`, `https://user:pass@host`.
const credential = /\b(Basic|Bearer)(\s+)[\w+/=.~-]{6,}|(\/\/[^\s/:@]+:)([^\s/@]+)@/g;

/** Text with the values of secret-named fields hidden (JSON-like pairs, `name=value`, credentials). */
export function redactText(text: string, seen?: Seen): string {
  return text
    .replace(privateKey, (all, begin: string, end: string) => {
      seen?.(all);
      return `${begin}${hidden}${end}`;
    })
    .replace(
      quotedPair,
      (
        all,
        q: string,
        name: string,
        colon: string,
        vq?: string,
        sv?: string,
        end?: string,
        bare?: string,
      ) => {
        if (!isSecretName(name) || isFlagText(bare)) return all;
        seen?.(sv !== undefined ? unquote(sv) : (bare ?? ''));
        return vq === undefined
          ? `${q}${name}${q}${colon}${hidden}`
          : `${q}${name}${q}${colon}${vq}${hidden}${end ?? ''}`;
      },
    )
    .replace(
      barePair,
      (
        all,
        before: string,
        name: string,
        colon: string,
        q: string,
        scheme: string | undefined,
        value: string,
      ) => {
        if (!isSecretName(name) || value === hidden || isFlagText(value)) return all;
        seen?.(value);
        return `${before}${name}${colon}${q}${scheme ?? ''}${hidden}`;
      },
    )
    .replace(assignment, (all, before: string, name: string, value: string) => {
      if (!value || !isSecretName(safeDecode(name))) return all;
      seen?.(safeDecode(value));
      return `${before}${name}=${hidden}`;
    })
    .replace(credential, (all, scheme?: string, space?: string, user?: string, pass?: string) => {
      if (scheme) return `${scheme}${space ?? ' '}${hidden}`;
      seen?.(safeDecode(pass ?? ''));
      return `${user ?? ''}${hidden}@`;
    });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

// The text of a quoted value as the panel reads it: `a\"b` is `a"b`, `\u0026` is `&`.
const unquote = (text: string): string =>
  text.replace(/\\(u[0-9a-fA-F]{4}|[^])/g, (_, c: string) =>
    c.length > 1 ? String.fromCharCode(parseInt(c.slice(1), 16)) : (shortEscapes[c] ?? c),
  );
const shortEscapes: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * A value under a secret name. Only a string is a secret, or a number (`-F passwd=12345678`
 * sends a password as one): true, false and null say whether, not what, so a flag such as
 * apiAllowPassword stays readable, and a list or an object (an `otp` of {code, remember}) keeps
 * its shape and its flags, every string and number in it hidden.
 */
function hideUnder(value: unknown, seen?: Seen): unknown {
  if (typeof value === 'string' || typeof value === 'number') return hide(value, seen);
  if (Array.isArray(value)) return value.map((v) => hideUnder(v, seen));
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hideUnder(v, seen)]));
  }
  return value;
}
const isFlagText = (text?: string): boolean => /^(?:true|false|null)$/.test(text ?? '');

function hide(value: string | number, seen?: Seen): string {
  seen?.(String(value));
  return hidden;
}

/**
 * Text with every occurrence of the given secret values hidden, in any form a panel may echo
 * them: raw, JSON-escaped, HTML entities, percent- or form-encoded (see secret-forms.ts).
 */
export const maskValues = (text: string, secrets: ReadonlySet<string>): string =>
  maskForms(text, secrets, hidden);

/** A decoded reply (dactl api) with the secret values masked in its strings and keys. */
export function maskData(value: unknown, secrets: ReadonlySet<string>): unknown {
  if (secrets.size === 0) return value;
  if (typeof value === 'string') return maskValues(value, secrets);
  if (Array.isArray(value)) return value.map((v) => maskData(v, secrets));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [maskValues(k, secrets), maskData(v, secrets)]),
    );
  }
  return value;
}

/**
 * Panel text on its way into an error message: secret-named values and echoed secrets hidden,
 * control characters escaped so the panel's words stay on one line and cannot act on a terminal.
 */
export function cleanPanelText(text: string, secrets: ReadonlySet<string>): string {
  // Echoes first: a name=value rule would hide a secret only up to its first & or quote.
  return escapeControl(redactText(maskValues(text, secrets)));
}
