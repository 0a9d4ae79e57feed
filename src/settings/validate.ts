// Checks on what the user types, shared by flags and prompts. Each returns an error sentence or
// undefined, so a prompt can show it and a flag can turn it into exit 2.
import { UsageError } from '../errors.js';

export type Check = (value: string) => string | undefined;

export const profileName: Check = (v) =>
  /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(v)
    ? undefined
    : 'use letters, digits, ".", "_" or "-" (starting with a letter or digit, at most 64)';

/** A panel account name as it goes into Basic auth: "|" and ":" would change its meaning. */
export const accountName: Check = (v) => {
  if (!v) return 'must not be empty';
  // eslint-disable-next-line no-control-regex
  if (/[|:\s\u0000-\u001f\u007f]/.test(v))
    return 'must not contain "|", ":", spaces or control characters';
  return undefined;
};

export const panelUrl: Check = (v) => {
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
    return 'must not carry credentials; use --username and --password-stdin';
  if (url.search || url.hash) return 'must not have a query or fragment';
  return undefined;
};

/** Runs a check on a flag's value; a failure is exit 2 naming the flag and the rule. */
export function checkFlag(flag: string, value: string, check: Check): string {
  const problem = check(value);
  if (problem) throw new UsageError(`${flag} "${value}": ${problem}.`);
  return value;
}

/** "https://host:2222/" → "https://host:2222", so profiles compare and print alike. */
export function normaliseUrl(v: string): string {
  return v.replace(/\/+$/, '');
}
