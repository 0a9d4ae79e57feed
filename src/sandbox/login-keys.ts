// Login Keys (facts page, "Authentication"): extra passwords of an account, used with Basic auth
// like the password, limited by command lists, client networks and an expiry. This file is the
// model and the checks the router applies; handlers/login-keys.ts is the API that manages them.

import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { SandboxRequest } from './request.js';
import type { AccountRecord, SandboxState } from './state.js';

interface LoginKeyHistoryEntry {
  command: string;
  ip: string;
  result: string;
  time: string;
}

export interface LoginKeyRecord {
  /** The account the key belongs to. */
  owner: string;
  id: string;
  /** Kept in clear, like the sandbox's passwords. */
  key: string;
  allowCommands: string[];
  denyCommands: string[];
  allowNetworks: string[];
  allowLogin: boolean;
  autoRemove: boolean;
  hasExpiry: boolean;
  expires?: string;
  created: string;
  createdBy: string;
  /** Newest first, at most historyLimit entries. */
  history: LoginKeyHistoryEntry[];
}

const historyLimit = 50;

export function keysOf(state: SandboxState, owner: string): LoginKeyRecord[] {
  return (state.loginKeys ?? []).filter((k) => k.owner === owner);
}

/** The command a request uses, as allowCommands names it: `CMD_API_SHOW_USERS`, `db-show`. */
export function commandOf(path: string): string {
  if (path.startsWith('/api/')) return path.split('/')[2] ?? '';
  return path.replace(/^\/+/, '');
}

/** The key of `login` that `password` is, checked against expiry and the client's network. */
export type KeyMatch = { ok: true; key: LoginKeyRecord } | { ok: false; reason: string };

export function matchKey(
  state: SandboxState,
  request: SandboxRequest,
  login: AccountRecord,
  password: string,
): KeyMatch | undefined {
  const key = keysOf(state, login.username).find((k) => sameSecret(k.key, password));
  if (key === undefined) return undefined;
  const refusal = expired(key)
    ? 'This login key has expired'
    : inNetworks(key.allowNetworks, request.clientAddress ?? '')
      ? undefined
      : `This login key may not be used from ${request.clientAddress ?? ''}`;
  remember(key, request, refusal ?? 'Valid Login');
  return refusal === undefined ? { ok: true, key } : { ok: false, reason: refusal };
}

/** Why `key` may not run the request's command, or undefined when it may. */
export function commandRefusal(key: LoginKeyRecord, path: string): string | undefined {
  const command = commandOf(path);
  const listed = (list: string[]) => list.includes(command);
  if (listed(key.denyCommands) || (key.allowCommands.length > 0 && !listed(key.allowCommands))) {
    return `This login key may not use ${command}`;
  }
  return undefined;
}

function expired(key: LoginKeyRecord, now = Date.now()): boolean {
  return key.hasExpiry && key.expires !== undefined && Date.parse(key.expires) <= now;
}

/** A network list entry (`10.0.0.0/8`, `2001:db8::/32`, or one address) that is well formed. */
export function validNetwork(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

function inNetworks(networks: string[], client: string): boolean {
  if (networks.length === 0) return true;
  const address = client.replace(/^::ffff:(?=\d+\.)/, '');
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const list = new BlockList();
  for (const entry of networks) {
    const [net = '', prefix] = entry.split('/');
    const type = isIP(net) === 6 ? 'ipv6' : 'ipv4';
    list.addSubnet(net, prefix === undefined ? (type === 'ipv6' ? 128 : 32) : Number(prefix), type);
  }
  return list.check(address, family);
}

function remember(key: LoginKeyRecord, request: SandboxRequest, result: string): void {
  key.history.unshift({
    command: request.path,
    ip: request.clientAddress ?? '',
    result,
    time: new Date().toISOString(),
  });
  key.history.length = Math.min(key.history.length, historyLimit);
}

// As auth.ts: digests make the comparison constant-time whatever the lengths.
function sameSecret(expected: string, given: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(expected), digest(given));
}
