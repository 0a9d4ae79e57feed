// HTTP Basic with DirectAdmin's impersonation chains (facts page, "Authentication"): the username
// `admin|reseller1|fred` logs in as admin with admin's password and then acts as reseller1, and
// through it as fred. Every step must be allowed; the last name is the acting account.

import { createHash, timingSafeEqual } from 'node:crypto';
import { findAccount } from './state.js';
import type { KeyMatch, LoginKeyRecord } from './login-keys.js';
import type { AccountRecord, SandboxState } from './state.js';
import type { Role } from './types.js';

export interface Credentials {
  username: string;
  password: string;
}

type AuthResult =
  | { ok: true; login: AccountRecord; acting: AccountRecord; key?: LoginKeyRecord }
  | { ok: false; reason: string };

/** Tries the password as one of the account's Login Keys (login-keys.ts). */
type KeyCheck = (login: AccountRecord, password: string) => KeyMatch | undefined;

/** Reads `Authorization: Basic ...`; undefined when absent or not Basic. */
export function readBasic(header: string | undefined): Credentials | undefined {
  const match = /^Basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (match?.[1] === undefined) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  // The password may itself contain ':', the username may not (RFC 7617).
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Checks the password against the first name, then walks the impersonation chain. */
export function authenticate(
  state: SandboxState,
  creds: Credentials | undefined,
  keyCheck?: KeyCheck,
): AuthResult {
  if (creds === undefined) return { ok: false, reason: 'No credentials were sent' };
  const [first = ''] = creds.username.split('|');
  const login = findAccount(state, first);
  if (login === undefined) return { ok: false, reason: 'Invalid username or password' };
  let key: LoginKeyRecord | undefined;
  if (!samePassword(login.password, creds.password)) {
    const match = keyCheck?.(login, creds.password);
    if (match === undefined) return { ok: false, reason: 'Invalid username or password' };
    if (!match.ok) return match;
    key = match.key;
  }
  return actAs(state, creds.username, key);
}

/**
 * The request's login: Basic credentials when sent, else the `session` cookie of a session login
 * (whose password was checked when the session began).
 */
export function authenticateRequest(
  state: SandboxState,
  sessions: ReadonlyMap<string, string>,
  creds: Credentials | undefined,
  session: string | undefined,
  keyCheck?: KeyCheck,
): AuthResult {
  if (creds !== undefined || session === undefined) return authenticate(state, creds, keyCheck);
  const chain = sessions.get(session);
  if (chain === undefined) return { ok: false, reason: 'The session has expired or is unknown' };
  return actAs(state, chain);
}

/** Walks `login|target|...` from an already verified login; suspended logins are refused. */
function actAs(state: SandboxState, chain: string, key?: LoginKeyRecord): AuthResult {
  const [first = '', ...targets] = chain.split('|');
  const login = findAccount(state, first);
  if (login === undefined) return { ok: false, reason: 'Invalid username or password' };
  if (login.suspended === true) return { ok: false, reason: `${login.username} is suspended` };
  let acting = login;
  for (const name of targets) {
    const target = findAccount(state, name);
    if (target === undefined || !mayActAs(acting, target)) {
      return { ok: false, reason: `${acting.username} may not log in as "${name}"` };
    }
    acting = target;
  }
  return key ? { ok: true, login, acting, key } : { ok: true, login, acting };
}

/**
 * Login-as (`/api/session/login-as/switch`) from an already verified chain: the chain that acts
 * as `target`, checked by the same walk as a Basic `login|target`. Switching to the account
 * already acting changes nothing.
 */
export function switchChain(
  state: SandboxState,
  chain: string,
  target: string,
): { ok: true; chain: string } | { ok: false; reason: string } {
  const next = chain.split('|').at(-1) === target ? chain : `${chain}|${target}`;
  const result = actAs(state, next);
  return result.ok ? { ok: true, chain: next } : result;
}

/** An admin may act as anyone, a reseller only as the users it created, a user as nobody. */
export function mayActAs(actor: AccountRecord, target: AccountRecord): boolean {
  switch (actor.role) {
    case 'admin':
      return true;
    case 'reseller':
      return target.role === 'user' && target.owner === actor.username;
    case 'user':
      return false;
  }
}

/** Whose settings an account may read: its own, and those of the accounts it may act as. */
export function maySee(actor: AccountRecord, target: AccountRecord): boolean {
  return actor.username === target.username || mayActAs(actor, target);
}

const rank: Record<Role, number> = { user: 0, reseller: 1, admin: 2 };

/** Admins are also resellers, and both are also users with their own domains and databases. */
export function hasLevel(account: AccountRecord, level: Role): boolean {
  return rank[account.role] >= rank[level];
}

// Comparing digests keeps the comparison constant-time whatever the lengths: habit, since this is
// the code people will read to learn how the panel authenticates.
function samePassword(expected: string, given: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(expected), digest(given));
}
