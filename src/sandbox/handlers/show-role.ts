// CMD_API_SHOW_RESELLERS and CMD_API_SHOW_ADMINS (admin): the names of every account of that
// type, in creation order; with json=yes a bare JSON array, otherwise `list[]=...`. With
// CMD_API_SHOW_ALL_USERS they tell a client each account's type without a request per account.

import { list } from '../reply.js';
import type { Handler } from '../route.js';
import type { Role } from '../types.js';

export const showRole =
  (role: Role): Handler =>
  ({ store }) =>
    list(store.state.accounts.filter((a) => a.role === role).map((a) => a.username));
