// CMD_API_SHOW_ALL_USERS (admin): the plain users of the server, in creation order, "so no
// resellers or admins" as on real panels (facts page, "Users"); with the listings variant
// allUsers=every, every account. With json=yes a bare JSON array of names, otherwise `list[]=...`.

import { listingsOf } from '../listings.js';
import { list } from '../reply.js';
import type { Handler } from '../route.js';

export const showAllUsers: Handler = ({ store }) => {
  const every = listingsOf(store).allUsers === 'every';
  return list(
    store.state.accounts.filter((a) => every || a.role === 'user').map((a) => a.username),
  );
};
