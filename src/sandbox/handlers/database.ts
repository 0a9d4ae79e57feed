// GET /api/db-show/databases/{database} (user): one database's metadata, the swagger's
// web.dbDatabaseMetadata. Only the acting account's databases exist for it: another account's
// is 404 NOT_FOUND, as one that does not exist, so names cannot be probed.

import { failure, json } from '../reply.js';
import type { Handler } from '../route.js';

export const showDatabase: Handler = ({ account, pathParams }) => {
  const name = pathParams.database ?? '';
  const db = account.databases.find((d) => d.database === name);
  if (db === undefined) return failure(404, 'NOT_FOUND', 'Not Found', `No database ${name}`);
  return json({
    ...db,
    defaultCharset: 'utf8mb4',
    defaultCollation: 'utf8mb4_unicode_ci',
    eventCount: 0,
    routineCount: 0,
    triggerCount: 0,
    viewCount: 0,
  });
};
