// Secrets never reach --debug, --dry-run or an error message.
const secretKeys = new Set([
  'passwd',
  'passwd2',
  'adminpass',
  'password',
  'pass',
  'key',
  'passwd_confirm',
]);
export const hidden = '***';

export const isSecretKey = (key: string): boolean => secretKeys.has(key.toLowerCase());

/** Copies a JSON-like value with every secret field replaced. */
export function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, isSecretKey(k) ? hidden : redactValue(v)]),
    );
  }
  return value;
}

/** Redacts secret parameters of a query string or form body. */
export function redactParams(params: URLSearchParams): string {
  const copy = new URLSearchParams();
  for (const [k, v] of params) copy.append(k, isSecretKey(k) ? hidden : v);
  return copy.toString();
}

export function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) =>
      /^(authorization|cookie|set-cookie|proxy-authorization)$/i.test(k) ? [k, hidden] : [k, v],
    ),
  );
}

/** A URL with secret query parameters hidden. */
export function redactUrl(url: URL): string {
  if (!url.search) return url.toString();
  return `${url.origin}${url.pathname}?${redactParams(url.searchParams)}`;
}

/** A raw body (dactl api --input) with its secrets hidden, when it is JSON or a form. */
export function redactBody(text: string, type: string): string {
  // The text is shown as given unless something in it is secret.
  if (type.includes('json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return text;
    }
    const redacted = JSON.stringify(redactValue(parsed));
    return redacted === JSON.stringify(parsed) ? text : redacted;
  }
  if (type.includes('x-www-form-urlencoded')) {
    const params = new URLSearchParams(text.trim());
    return [...params.keys()].some(isSecretKey) ? redactParams(params) : text;
  }
  return text;
}
