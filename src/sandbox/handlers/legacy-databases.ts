// CMD_API_DATABASES (user): the acting account's database names, `list[]=fred_wp&list[]=...` (with
// json=yes a bare JSON array), so `admin|fred` lists fred's. Four of the five third-party clients
// list databases only this way (facts page, "Users"). The sandbox creates databases through
// /api/db-manage/create-db only: an `action` here is refused rather than answered with the list,
// which a client would take for success.

import { failure, list } from '../reply.js';
import type { Handler } from '../route.js';

export const legacyDatabases: Handler = ({ account, request }) => {
  const action = request.params.action ?? '';
  if (action !== '') {
    return failure(
      400,
      'BAD_REQUEST',
      'Unknown action',
      `CMD_API_DATABASES lists only; action "${action}" is not available (create with POST /api/db-manage/create-db)`,
    );
  }
  return list(account.databases.map((d) => d.database));
};
