// GET /api/db-show/databases (user): the acting account's databases, so `admin|fred` sees fred's.
// `no-size=true` skips the (on a real panel, slow) size computation and reports 0.

import { json } from '../reply.js';
import type { Handler } from '../route.js';

export const listDatabases: Handler = ({ account, request }) => {
  const noSize = request.query['no-size'] === 'true';
  return json(account.databases.map((db) => (noSize ? { ...db, sizeBytes: 0 } : { ...db })));
};
