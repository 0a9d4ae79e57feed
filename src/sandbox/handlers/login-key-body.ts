// Reads the fields of a Login Key create or update body, by the swagger's types and limits.

import { validNetwork } from '../login-keys.js';

export interface KeyFields {
  password?: string;
  /** The login's password: required on create and update alike (swagger). */
  currentPassword: string;
  allowCommands?: string[];
  denyCommands?: string[];
  allowNetworks?: string[];
  allowLogin?: boolean;
  autoRemove?: boolean;
  hasExpiry?: boolean;
  expires?: string;
}

const lists = ['allowCommands', 'denyCommands', 'allowNetworks'] as const;
const flags = ['allowLogin', 'autoRemove', 'hasExpiry'] as const;

/** The fields, or the sentence saying which one is wrong. `creating` requires a key. */
export function keyFields(body: Record<string, unknown>, creating: boolean): KeyFields | string {
  const { password, currentPassword, expires } = body;
  if (typeof currentPassword !== 'string') {
    return "currentPassword: the account's password, required to create or change a key";
  }
  const out: KeyFields = { currentPassword };
  if (password !== undefined || creating) {
    if (typeof password !== 'string' || password.length < 3 || password.length > 256) {
      return 'password: the key, 3 to 256 characters';
    }
    out.password = password;
  }
  for (const name of lists) {
    const value = body[name];
    if (value === undefined) continue;
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
      return `${name}: an array of strings`;
    }
    out[name] = value;
  }
  const badNetwork = out.allowNetworks?.find((n) => !validNetwork(n));
  if (badNetwork !== undefined) return `allowNetworks: "${badNetwork}" is not an address or CIDR`;
  for (const name of flags) {
    const value = body[name];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') return `${name}: true or false`;
    out[name] = value;
  }
  if (out.hasExpiry) {
    if (typeof expires !== 'string' || Number.isNaN(Date.parse(expires))) {
      return 'expires: a date-time such as 2030-12-31T00:00:00Z, needed with hasExpiry';
    }
    if (Date.parse(expires) <= Date.now()) return 'expires: the date is in the past';
    out.expires = new Date(Date.parse(expires)).toISOString();
  }
  return out;
}
