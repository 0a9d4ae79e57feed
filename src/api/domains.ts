// Whose domain it is (facts page, third-party clients): the acting account's own domains
// (CMD_API_SHOW_DOMAINS, any level) and, for an admin, each domain's owner
// (CMD_API_DOMAIN_OWNERS); a reseller looks through its own domains and its users' settings.
import type { Client } from '../http/transport.js';
import { getOwn, isRecord } from '../json/record.js';
import { ifVisible, unexpected } from './shape.js';
import { detailsOf, listNames, listOwnUsers } from './users.js';

/** CMD_API_SHOW_DOMAINS: the acting account's domains. */
export const listOwnDomains = (client: Client): Promise<string[]> =>
  listNames(client, '/CMD_API_SHOW_DOMAINS', 'the domain list');

/**
 * Who owns `domain` by the panel's own table (CMD_API_DOMAIN_OWNERS, admin): the owner's name,
 * null when no account has it, undefined when `client` may not read the table (not an admin).
 */
export async function domainOwner(
  client: Client,
  domain: string,
): Promise<string | null | undefined> {
  const owners = await ifVisible(() =>
    client.send({ method: 'GET', path: '/CMD_API_DOMAIN_OWNERS', query: { domain, json: 'yes' } }),
  );
  if (owners === undefined) return undefined;
  if (!isRecord(owners)) throw unexpected('the domain owners', owners);
  const owner = getOwn(owners, domain);
  return typeof owner === 'string' && owner !== '' ? owner : null;
}

/**
 * Who owns `domain`, as far as `client`'s own account (not an --as user) can see: the owner's
 * name; null when it sees every domain (an admin) and none has it; undefined when it cannot tell.
 */
export async function findOwner(
  client: Client,
  domain: string,
): Promise<string | null | undefined> {
  const owner = await domainOwner(client, domain);
  if (owner !== undefined) return owner;
  return ifVisible(async () => {
    if ((await listOwnDomains(client)).includes(domain)) return client.options.username;
    const users = await detailsOf(client, await listOwnUsers(client));
    return users.find((u) => u.domains.includes(domain))?.username;
  });
}
