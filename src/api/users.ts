// Accounts on the server (facts page, "Users"; third-party clients). Names come from the legacy
// listings, each account's details from the new API's user config, and suspending, unsuspending
// and deleting is one CMD_API_SELECT_USERS request for any number of names.
import { AuthError } from '../errors.js';
import type { Client, PanelRequest } from '../http/transport.js';
import { mapPooled } from '../pool.js';
import { isRecord, unexpected } from './shape.js';

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

/** CMD_API_SHOW_ALL_USERS (admin): every account name on the server. */
export const listAllUsers = (client: Client): Promise<string[]> =>
  listNames(client, '/CMD_API_SHOW_ALL_USERS', 'the user list');

/** CMD_API_SHOW_USERS (reseller): the users the account created. */
export const listOwnUsers = (client: Client): Promise<string[]> =>
  listNames(client, '/CMD_API_SHOW_USERS', 'the user list');

/**
 * The names the account may list: every account for an admin, else its own users (one request
 * for an admin, two for a reseller). A permission refusal of both is rethrown as is.
 */
export async function listVisibleUsers(client: Client): Promise<string[]> {
  try {
    return await listAllUsers(client);
  } catch (error) {
    // A 403 (no hint) means "not an admin"; a refused login keeps its own hint and ends here.
    if (!(error instanceof AuthError) || error.hint !== undefined) throw error;
    // Refused both ways: the admin listing's refusal says what the account lacks.
    return listOwnUsers(client).catch((second: unknown) => {
      throw second instanceof AuthError && second.hint === undefined ? error : second;
    });
  }
}

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
