// CMD_ACCOUNT_USER: creating a hosting account (spec 2.3, row 4; facts page "Users").
import type { Client, PanelRequest } from '../http/transport.js';
import { isRecord } from '../json/record.js';
import { unexpected } from './shape.js';
import { listNames } from './users.js';

export interface NewAccount {
  username: string;
  email: string;
  password: string;
  domain: string;
  package: string;
  /** An IPv4 address, or shared / server / assign on newer panels. */
  ip: string;
  notify: boolean;
}

/** POST /CMD_ACCOUNT_USER?json=yes with the JSON body of spec 2.3 (admin or reseller). */
export function createAccountRequest(account: NewAccount): PanelRequest {
  return {
    method: 'POST',
    path: '/CMD_ACCOUNT_USER',
    query: { json: 'yes' },
    json: {
      action: 'create',
      add: 'yes',
      json: 'yes',
      username: account.username,
      email: account.email,
      passwd: account.password,
      passwd2: account.password,
      domain: account.domain,
      package: account.package,
      ip: account.ip,
      notify: account.notify ? 'yes' : 'no',
    },
  };
}

/** The panel's success words, e.g. "User fred created"; anything else is not a success. */
export function checkCreateAccountReply(reply: unknown): string {
  if (isRecord(reply) && typeof reply.success === 'string') return reply.success;
  throw unexpected('the account creation', reply);
}

/** CMD_API_PACKAGES_USER (reseller): the packages a new account can get. */
export const listPackages = (client: Client): Promise<string[]> =>
  listNames(client, '/CMD_API_PACKAGES_USER', 'the package list');

/** CMD_API_SHOW_RESELLER_IPS (reseller): the addresses a new account can get. */
export const listIps = (client: Client): Promise<string[]> =>
  listNames(client, '/CMD_API_SHOW_RESELLER_IPS', 'the address list');
