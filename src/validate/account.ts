// Checks for a new hosting account (spec 2.3, facts page "Users"), shared by flags and prompts.
// Each returns the rule the value breaks, or undefined; the panel still has the last word.
import type { Check } from './settings.js';

/** System names DirectAdmin keeps for itself; the panel refuses them as account names. */
const reservedNames: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'apache',
  'bin',
  'daemon',
  'diradmin',
  'dovecot',
  'exim',
  'ftp',
  'games',
  'mail',
  'majordomo',
  'mysql',
  'named',
  'news',
  'nginx',
  'nobody',
  'postfix',
  'postgres',
  'root',
  'sshd',
  'sync',
  'sys',
  'webapps',
  'www',
]);

export const newUsername: Check = (v) => {
  if (!/^[a-z]/.test(v)) return 'must start with a lower-case letter a-z';
  if (!/^[a-z0-9]+$/.test(v)) return 'use lower-case letters and digits only';
  if (v.length < 3 || v.length > 16) return 'must be 3 to 16 characters long';
  if (reservedNames.has(v)) return `"${v}" is a reserved system name`;
  return undefined;
};

/** An account that exists: the panel's name rules without the new-account limits (admin is one). */
export const existingUsername: Check = (v) =>
  /^[a-z][a-z0-9]{0,31}$/.test(v)
    ? undefined
    : 'an account name is lower-case letters and digits, starting with a letter';

const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A domain as DirectAdmin stores it (storedDomain): lower case, DNS labels, at least one dot. */
export const domainName: Check = (v) => {
  if (!v) return 'must not be empty';
  if (/[A-Z]/.test(v)) return 'must be lower case';
  if (!v.includes('.')) return 'must contain a dot, as in example.com';
  if (v.length > 253) return 'must be at most 253 characters';
  const labels = v.split('.');
  if (labels.some((l) => !label.test(l))) {
    return 'each part between dots must be 1 to 63 letters, digits or "-", not starting or ending with "-"';
  }
  if (/^\d+$/.test(labels.at(-1) ?? '')) return 'must end in a name, not a number';
  return undefined;
};

/**
 * A domain as DirectAdmin keeps it: `Wilma.Example` is wilma.example, taken with a note rather
 * than refused. Every other rule is domainName's, judged on the lower-case form.
 */
export function storedDomain(v: string): { value: string; note?: string } {
  const value = v.toLowerCase();
  return value === v ? { value } : { value, note: `Domains are lower case: using ${value}.` };
}

/** An e-mail address: a plain local part, "@", and a valid domain (any case). */
export const emailAddress: Check = (v) => {
  const at = v.lastIndexOf('@');
  if (at <= 0) return 'must be an e-mail address such as fred@example.com';
  const local = v.slice(0, at);
  const domain = v.slice(at + 1).toLowerCase();
  if (!/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/.test(local) || /^\.|\.$|\.\./.test(local)) {
    return 'the part before "@" has characters an e-mail address cannot have';
  }
  if (domainName(domain) !== undefined) return 'the part after "@" is not a valid domain';
  return undefined;
};

const octet = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export const ipv4Address: Check = (v) => {
  const parts = v.split('.');
  return parts.length === 4 && parts.every((p) => octet.test(p))
    ? undefined
    : 'must be an IPv4 address such as 192.0.2.10 (four numbers 0-255, no leading zeros)';
};

/** Words newer panels take instead of an address (facts page, "Users"). */
const ipWords = ['shared', 'server', 'assign'] as const;

export const accountIp: Check = (v) =>
  (ipWords as readonly string[]).includes(v) || ipv4Address(v) === undefined
    ? undefined
    : `must be an IPv4 address such as 192.0.2.10, or one of ${ipWords.join(', ')}`;

/**
 * A new password typed at a prompt: DirectAdmin refuses one under 8 characters ("Password is too
 * short"). One from stdin is left to the panel, whose policy may differ.
 */
export const newPassword: Check = (v) =>
  v.length >= 8 ? undefined : 'must be at least 8 characters';

/** Package names are the panel's to judge; only refuse what cannot be one. */
export const packageName: Check = (v) => {
  if (!v.trim()) return 'must not be empty';
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(v)) return 'must not contain "/", "\\" or control characters';
  return undefined;
};
