// Accounts on the server (facts page, "Users"; third-party clients). Names and types come from
// the legacy listings, a few accounts' details from the new API's user config (many a page at a
// time: user-pages.ts), and suspending, unsuspending and deleting is one CMD_API_SELECT_USERS
// request for any number of names.
import { AuthError } from '../errors.js';
import type { Client, PanelRequest } from '../http/transport.js';
import { mapPooled } from '../pool.js';
import { isRecord } from '../json/record.js';
import { cannotSee, unexpected } from './shape.js';

export type AccountType = 'user' | 'reseller' | 'admin';

export interface AccountDetails {
  username: string;
  type: AccountType;
  creator: string;
  suspended: boolean;
  package: string;
  domains: string[];
}

/** A legacy listing of names (json=yes: a bare JSON array). */
export async function listNames(client: Client, path: string, what: string): Promise<string[]> {
  const reply = await client.send({ method: 'GET', path, query: { json: 'yes' } });
  if (Array.isArray(reply) && reply.every((u) => typeof u === 'string')) return reply;
  throw unexpected(what, reply);
}

/** CMD_API_SHOW_ALL_USERS (admin): the server's users; on real panels no resellers or admins. */
const listAllUsers = (client: Client): Promise<string[]> =>
  listNames(client, '/CMD_API_SHOW_ALL_USERS', 'the user list');

/** CMD_API_SHOW_USERS (reseller): the users the account created. */
export const listOwnUsers = (client: Client): Promise<string[]> =>
  listNames(client, '/CMD_API_SHOW_USERS', 'the user list');

interface AccountName {
  username: string;
  type: AccountType;
}

interface VisibleAccounts {
  /** admin: every account on the server; reseller: the users it created. */
  level: 'admin' | 'reseller';
  /** Admins, then resellers, then users, each in the panel's order. */
  accounts: AccountName[];
  /** Why resellers or admins may be missing or shown as users: a listing the panel refused. */
  gap?: string;
}

/**
 * The accounts the login may list, with their types (facts page, "Users"): for an admin the
 * union of CMD_API_SHOW_ALL_USERS, _RESELLERS and _ADMINS, right whether or not the first lists
 * resellers and admins too (3 requests); for a reseller CMD_API_SHOW_USERS (2 requests, the
 * first refused). A permission refusal of both is rethrown as is.
 */
export async function listAccounts(client: Client): Promise<VisibleAccounts> {
  let users: string[];
  try {
    users = await listAllUsers(client);
  } catch (error) {
    // A 403 (no hint) means "not an admin"; a refused login keeps its own hint and ends here.
    if (!(error instanceof AuthError) || error.hint !== undefined) throw error;
    // Refused both ways: the admin listing's refusal says what the account lacks.
    const own = await listOwnUsers(client).catch((second: unknown) => {
      throw second instanceof AuthError && second.hint === undefined ? error : second;
    });
    return { level: 'reseller', accounts: own.map((username) => ({ username, type: 'user' })) };
  }
  // A refusal (a Login Key without the command) leaves the others listed, and says so.
  const ofRole = (path: string) =>
    listNames(client, path, 'the account list').then(
      (names) => ({ names, refused: undefined }),
      (error: unknown) => {
        if (!cannotSee(error)) throw error;
        return { names: [], refused: `${path.slice(1)} (${(error as Error).message})` };
      },
    );
  const [resellers, admins] = await Promise.all([
    ofRole('/CMD_API_SHOW_RESELLERS'),
    ofRole('/CMD_API_SHOW_ADMINS'),
  ]);
  const types = new Map<string, AccountType>();
  for (const [names, type] of [
    [admins.names, 'admin'],
    [resellers.names, 'reseller'],
    [users, 'user'],
  ] as const) {
    for (const username of names) if (!types.has(username)) types.set(username, type);
  }
  const accounts = [...types].map(([username, type]) => ({ username, type }));
  const refused = [resellers.refused, admins.refused].filter((r) => r !== undefined);
  if (refused.length === 0) return { level: 'admin', accounts };
  const gap = `resellers and admins may be missing or shown as users: the panel refused ${refused.join(' and ')}`;
  return { level: 'admin', accounts, gap };
}

/** The names of listAccounts: every account for an admin, else its own users. */
export const listVisibleUsers = async (client: Client): Promise<string[]> =>
  (await listAccounts(client)).accounts.map((a) => a.username);

/** GET /api/users/{username}/config: type, creator, suspension, package and domains. */
export async function userDetails(client: Client, username: string): Promise<AccountDetails> {
  const reply = await client.send({
    method: 'GET',
    path: `/api/users/${encodeURIComponent(username)}/config`,
  });
  const type = isRecord(reply) ? reply.userType : undefined;
  if (
    !isRecord(reply) ||
    (type !== 'user' && type !== 'reseller' && type !== 'admin') ||
    typeof reply.creator !== 'string' ||
    typeof reply.suspended !== 'boolean' ||
    typeof reply.package !== 'string' ||
    !Array.isArray(reply.domains) ||
    !reply.domains.every((d) => typeof d === 'string')
  ) {
    throw unexpected(`the settings of ${username}`, reply);
  }
  return {
    username,
    type,
    creator: reply.creator,
    suspended: reply.suspended,
    package: reply.package,
    domains: reply.domains,
  };
}

/** Details of many accounts, a few requests at a time (a panel is not to be flooded). */
export function detailsOf(
  client: Client,
  usernames: readonly string[],
  atOnce = 8,
): Promise<AccountDetails[]> {
  return mapPooled(usernames, atOnce, (username) => userDetails(client, username));
}

export type SelectAction = 'suspend' | 'unsuspend' | 'delete';

/** POST /CMD_API_SELECT_USERS?json=yes: one request for every name, as the panel's form sends. */
export function selectUsersRequest(
  action: SelectAction,
  usernames: readonly string[],
): PanelRequest {
  const form: Record<string, string> = { location: 'CMD_SELECT_USERS' };
  if (action === 'delete') Object.assign(form, { delete: 'yes', confirmed: 'Confirm' });
  else form.suspend = action === 'suspend' ? 'Suspend' : 'Unsuspend';
  usernames.forEach((name, i) => (form[`select${String(i)}`] = name));
  return { method: 'POST', path: '/CMD_API_SELECT_USERS', query: { json: 'yes' }, form };
}
