// Checks on what the user types, shared by flags and prompts. Each returns an error sentence or
// undefined, so a prompt can show it and a flag can turn it into exit 2.
import { isIP } from 'node:net';
import { UsageError } from '../errors.js';

export type Check = (value: string) => string | undefined;

export const profileName: Check = (v) =>
  /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(v)
    ? undefined
    : 'use letters, digits, ".", "_" or "-" (starting with a letter or digit, at most 64)';

/** A panel account name as it goes into Basic auth: "|" and ":" would change its meaning. */
export const accountName: Check = (v) => {
  if (!v) return 'must not be empty';
  if (v.includes(':'))
    return 'must not contain ":" (a password does not belong in the username; give it through DACTL_PASSWORD or --password-stdin)';
  if (v.length > 64) return 'must be at most 64 characters';
  // eslint-disable-next-line no-control-regex
  if (/[|:\s\u0000-\u001f\u007f]/.test(v))
    return 'must not contain "|", ":", spaces or control characters';
  return undefined;
};

export const panelUrl: Check = (v) => {
  if (v.length > 2048) return 'must be at most 2048 characters';
  // The URL parser drops tabs, newlines and outer blanks, but the profile would keep them.
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(v)) return 'must not contain spaces or control characters';
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return 'must be a full URL such as https://panel.example.com:2222';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'must start with https:// or http://';
  if (url.username || url.password)
    return 'credentials do not belong in the URL; use --username and --password-stdin (or DACTL_USERNAME and DACTL_PASSWORD)';
  if (url.search || url.hash) return 'must not have a query or fragment';
  return undefined;
};

/** Runs a check on a flag's value; a failure is exit 2 naming the flag and the rule. */
export function checkFlag(flag: string, value: string, check: Check): string {
  const problem = check(value);
  if (problem) {
    const masked =
      check === panelUrl ? maskUrl(value) : check === accountName ? maskAccount(value) : value;
    // A pasted file or a runaway variable is not worth echoing whole.
    const shown = masked.length > 200 ? `${masked.slice(0, 200)}…` : masked;
    // A panel address without its scheme (DACTL_URL=panel:2222): say the one to write.
    const hint =
      check === panelUrl && !hasScheme(value) && panelUrl(`https://${value}`) === undefined
        ? `Write it with its scheme: https://${maskUrl(value)} (or http:// for a plain panel).`
        : undefined;
    throw new UsageError(`${flag} "${shown}": ${problem}.`, hint);
  }
  return value;
}

/** A refused URL as an error may show it: no credentials, no query (it may hold a password). */
export function maskUrl(v: string): string {
  return v.replace(/[?#].*$/s, '?…').replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/]*@/i, '$1***@');
}

/** "admin:secret" is a login pasted whole: what follows the ":" is not shown. */
const maskAccount = (v: string): string => v.replace(/:.*$/s, ':***');

/** The most a password or Login Key may be: far above any real one, far below a header limit. */
export const secretLimit = 4096;

/** Refuses an oversized secret before anything is sent (a panel would answer HTTP 431). */
export function checkSecret(secret: string, source: string): string {
  const bytes = Buffer.byteLength(secret);
  if (bytes > secretLimit) {
    throw new UsageError(
      `The password from ${source} is ${String(bytes)} bytes; dactl takes at most ${String(secretLimit)}.`,
      'Check that the right value is given: a DirectAdmin password or Login Key is far shorter.',
    );
  }
  return secret;
}

/**
 * Basic auth over plain http:// to another machine: the password crosses the network in clear.
 * Loopback (127.0.0.0/8, ::1, localhost) stays on this machine.
 */
export function sentInClear(v: string): boolean {
  const url = new URL(v);
  if (url.protocol !== 'http:') return false;
  const host = url.hostname;
  return !(host === 'localhost' || host === '[::1]' || /^127\./.test(host));
}

export const clearTextWarning = (url: string): string =>
  `${new URL(url).origin} is plain HTTP: the password crosses the network in clear; use https:// if the panel offers it.`;

/**
 * A panel URL as given: https:// in front when it has no scheme (`127.0.0.1:2222`,
 * `panel.example.com:2222`, as gh, doctl and hcloud take a bare host), and no trailing slash
 * ("https://host:2222/" → "https://host:2222"), so profiles compare and print alike.
 */
export function normaliseUrl(v: string): string {
  return (hasScheme(v) ? v : `https://${v}`).replace(/\/+$/, '');
}

/** Whether the text starts with a scheme and `//` (`host:2222` has none: its "host:" is a port's). */
export const hasScheme = (v: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(v);

/** A Login Key network: an address or CIDR, IPv4 or IPv6 (`203.0.113.0/24`, `2001:db8::/32`). */
export const network: Check = (v) => {
  const [address = '', prefix, extra] = v.split('/');
  const family = isIP(address);
  const bits = prefix === undefined ? 0 : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return family !== 0 && extra === undefined && bits >= 0 && bits <= (family === 4 ? 32 : 128)
    ? undefined
    : 'must be an IP address or a CIDR such as 203.0.113.0/24 or 2001:db8::/32';
};
