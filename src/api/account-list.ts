// What `users list` shows (facts page, "Users"): names and types from the listings (users.ts),
// details a page at a time (user-pages.ts), any account the pages missed from its user config a
// few at a time, and where the panel allows neither, the names and types alone with the reason.
import type { Client } from '../http/transport.js';
import { mapPooled } from '../pool.js';
import { cannotSee } from './shape.js';
import { readUserPages, type PagedDetails } from './user-pages.js';
import { listAccounts, userDetails, type AccountDetails, type AccountType } from './users.js';

export interface ListedAccount {
  username: string;
  type: AccountType;
  /** null, as the other details: the panel let dactl read none of them (see `missing`). */
  creator: string | null;
  suspended: boolean | null;
  package: string | null;
  /** The account's domain names. */
  domains: string[] | null;
}

interface AccountListing {
  accounts: ListedAccount[];
  /** What is missing and why, for one warning; unset when the list is whole. */
  missing?: string;
}

/** Config requests at once, for the accounts the pages missed (a panel is not to be flooded). */
const AT_ONCE = 8;

export async function listAccountDetails(client: Client): Promise<AccountListing> {
  const visible = await listAccounts(client);
  const names = visible.accounts.map((a) => a.username);
  const self = client.options.as?.split('|').at(-1) ?? client.options.username;
  const pages: PagedDetails =
    names.length === 0
      ? { found: new Map() }
      : await readUserPages(client, visible.level, new Set(names), self);
  const configs = await fromConfig(
    client,
    names.filter((n) => !pages.found.has(n)),
  );
  const accounts = visible.accounts.map(({ username, type }): ListedAccount => {
    const d = pages.found.get(username) ?? configs.found.get(username);
    // The config says the type itself; a page row does not, so the listings' type stands.
    const known = configs.found.get(username)?.type ?? type;
    return d === undefined
      ? { username, type, creator: null, suspended: null, package: null, domains: null }
      : {
          username,
          type: known,
          creator: d.creator,
          suspended: d.suspended,
          package: d.package,
          domains: d.domains,
        };
  });
  const without = accounts.filter((a) => a.creator === null).length;
  const why: string[] = [];
  if (without > 0) {
    const listing = pages.refused
      ? `${pages.refused.command} (${pages.refused.error.message})`
      : undefined;
    const config = configs.refused && `/api/users/{name}/config (${configs.refused.message})`;
    why.push(
      `${String(without)} of ${String(accounts.length)} accounts are listed without their ` +
        `creator, suspension, package and domains: the panel refused ` +
        [listing, config].filter((w) => w !== undefined).join(' and '),
    );
  }
  if (visible.gap !== undefined) why.push(visible.gap);
  return why.length > 0 ? { accounts, missing: why.join('; ') } : { accounts };
}

/** Each account's user config; after the first refusal no more are asked for. */
async function fromConfig(
  client: Client,
  names: readonly string[],
): Promise<{ found: Map<string, AccountDetails>; refused?: Error }> {
  let refused: Error | undefined;
  const found = new Map<string, AccountDetails>();
  await mapPooled(names, AT_ONCE, async (name) => {
    if (refused !== undefined) return;
    try {
      found.set(name, await userDetails(client, name));
    } catch (error) {
      if (!cannotSee(error)) throw error;
      refused ??= error as Error;
    }
  });
  return refused === undefined ? { found } : { found, refused };
}
