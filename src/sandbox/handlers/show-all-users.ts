// CMD_API_SHOW_ALL_USERS (admin): every account on the server, admins and resellers included,
// in creation order. With json=yes a bare JSON array of names, otherwise `list[]=...`.

import { list } from '../reply.js';
import type { Handler } from '../route.js';

export const showAllUsers: Handler = ({ store }) =>
  list(store.state.accounts.map((a) => a.username));
