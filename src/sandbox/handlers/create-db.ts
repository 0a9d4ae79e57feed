// POST /api/db-manage/create-db (user): creates an empty database for the acting account. Body
// `{database, charset?, collation?}` with the full name `<owner>_<suffix>`; 204 without a body on
// success, as the panel's description says; 409 ALREADY_EXISTS, 492 DATABASE_INVALID_ENTITY_NAME.

import { JSON_TYPE } from '../render.js';
import { badRequest, failure, page } from '../reply.js';
import type { Handler } from '../route.js';

export const createDatabase: Handler = ({ account, request, store }) => {
  const body = request.body;
  const database =
    typeof body === 'object' && body !== null && 'database' in body ? body.database : undefined;
  if (typeof database !== 'string' || database === '') {
    return badRequest('The JSON body needs a "database" string');
  }
  // MySQL allows 64 characters; the panel insists on the owner's prefix.
  const prefix = `${account.username}_`;
  if (!database.startsWith(prefix) || !/^[a-z0-9_]{1,64}$/i.test(database)) {
    return failure(
      492,
      'DATABASE_INVALID_ENTITY_NAME',
      'Invalid database name',
      `A database name is ${prefix} followed by letters, digits or _ (at most 64 in all)`,
    );
  }
  // Database names are server-wide, whoever owns them.
  if (store.state.accounts.some((a) => a.databases.some((d) => d.database === database))) {
    return failure(409, 'ALREADY_EXISTS', 'Already exists', `Database ${database} already exists`);
  }
  account.databases.push({ database, sizeBytes: 0, userCount: 0, tableCount: 0, definerIssues: 0 });
  store.save();
  return page(204, JSON_TYPE, '');
};
