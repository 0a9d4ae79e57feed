// Secrets never reach --debug, --dry-run, `api -i` or an error message. One rule says which
// names are secret (isSecretName); every shape goes through it: parsed JSON, form and query
// parameters, headers, and text that parses as neither (a broken body, a panel's error text).
// What a request sent under a secret name is also masked wherever the panel echoes it back.
import { parseJson, type Parsed } from '../json/parse.js';
import { escapeControl } from '../output/format.js';

export const hidden = '***';

/**
 * Whether a field, parameter or header name is secret-shaped. Ignoring case, a name is secret
 * when it
 * - contains "pass", "secret" or "token": passwd, passwd2, adminPass, password, db_pass,
 *   dbpassword, new_password, userPassword, client_secret, csrf_token. Except `pass` alone:
 *   it is Unit's route action (`"pass": "applications/blog"`), a target, never a secret;
 * - or ends in the word "key", numbered or not: key, key2, api_key, apiKey, X-Api-Key. Not
 *   keyboard, keyname, key_name or monkey, where the key is not the last word.
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
  if (/pass|secret|token/.test(lower)) return true;
  return /(?:^|[^a-z0-9])key\d*$/i.test(last) || /[a-z0-9]Key\d*$/.test(last);
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
        isSecretName(k) ? hide(v, seen) : redactValue(v, seen),
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

/** Headers with credentials and secret-named headers (X-Api-Key, X-Auth-Token) hidden. */
export function redactHeaders<T>(headers: Record<string, T>): Record<string, T | string> {
  const shown: Record<string, T | string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const secret = /^(authorization|proxy-authorization|cookie|set-cookie)$/i.test(k);
    shown[k] = secret || isSecretName(k) ? hidden : v;
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

// `"name": "value"` (or 'name': 'value', or a bare value) as in JSON, even broken JSON.
const quotedPair =
  /(["'])((?:\\.|(?!\1)[^\\\n])*)\1(\s*:\s*)(?:(["'])((?:\\.|(?!\4)[^\\\n])*)(\4?)|([^\s,{}[\]"']+))/g;
// `name: value` with the name unquoted, as in YAML or a JavaScript object literal.
const barePair = /(^|[\s{,])([A-Za-z_][\w.-]*)(\s*:\s*)(["']?)([^\s,{}"']+)/g;
// `name=value` as in a form, a query string or a cookie; the value ends at & ; space or a quote.
const assignment = /(^|[^\w%.[\]-])([\w%.[\]-]+)=([^&;\s"'<>]*)/g;
// A credential written out: `Basic dXNlcjpwYXNz`, `Bearer eyJ...`, `https://user:pass@host`.
const credential = /\b(Basic|Bearer)(\s+)[\w+/=.~-]{6,}|(\/\/[^\s/:@]+:)([^\s/@]+)@/g;

/** Text with the values of secret-named fields hidden (JSON-like pairs, `name=value`, credentials). */
export function redactText(text: string, seen?: Seen): string {
  return text
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
        if (!isSecretName(name)) return all;
        seen?.(sv ?? bare ?? '');
        return vq === undefined
          ? `${q}${name}${q}${colon}${hidden}`
          : `${q}${name}${q}${colon}${vq}${hidden}${end ?? ''}`;
      },
    )
    .replace(
      barePair,
      (all, before: string, name: string, colon: string, q: string, value: string) => {
        if (!isSecretName(name) || value === hidden) return all;
        seen?.(value);
        return `${before}${name}${colon}${q}${hidden}`;
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

function hide(value: unknown, seen?: Seen): string {
  if (typeof value === 'string' || typeof value === 'number') seen?.(String(value));
  return hidden;
}

// Shorter values are hidden by their name only: masking them wherever they appear would garble
// ordinary words and numbers.
const shortest = 6;

/** The secret values to mask in echoes: those long enough to mask without garbling text. */
export function secretSet(values: Iterable<string>): Set<string> {
  const set = new Set<string>();
  for (const v of values) {
    if (v.length >= shortest && v !== hidden) set.add(v);
  }
  return set;
}

/** Text with every occurrence of the given secret values (and their URL-encoded forms) hidden. */
export function maskValues(text: string, secrets: ReadonlySet<string>): string {
  let masked = text;
  for (const secret of secrets) {
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      masked = masked.split(form).join(hidden);
    }
  }
  return masked;
}

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
  return escapeControl(maskValues(redactText(text), secrets));
}
