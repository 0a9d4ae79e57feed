// CMD_API_SHOW_USERS (reseller): the users the acting account created. Resellers are not
// listed, only users; an admin sees the users it created itself (none in the demo data).

import { list } from '../reply.js';
import type { Handler } from '../route.js';

export const showUsers: Handler = ({ store, account }) =>
  list(
    store.state.accounts
      .filter((a) => a.role === 'user' && a.owner === account.username)
      .map((a) => a.username),
  );
