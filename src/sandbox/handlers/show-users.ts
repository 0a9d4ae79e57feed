// CMD_API_SHOW_USERS (reseller): the users the acting account created. Resellers are not
// listed, only users; an admin sees the users it created itself (none in the demo data), or with
// `reseller=<name>` that reseller's users (third-party clients send it). A reseller may name only
// itself.

import { accessDenied, failure, list } from '../reply.js';
import type { Handler } from '../route.js';
import { findAccount } from '../state.js';

export const showUsers: Handler = ({ store, account, request }) => {
  const wanted = request.params.reseller ?? account.username;
  if (wanted !== account.username && account.role !== 'admin') return accessDenied();
  const creator = findAccount(store.state, wanted);
  if (creator === undefined || creator.role === 'user') {
    return failure(404, 'NOT_FOUND', 'Cannot show users', `${wanted} is not a reseller`);
  }
  return list(
    store.state.accounts
      .filter((a) => a.role === 'user' && a.owner === creator.username)
      .map((a) => a.username),
  );
};
