import type { Client } from '../http/transport.js';
import { isRecord } from '../json/record.js';
import { toInteger, unexpected } from './shape.js';

/** Spec 2.1: one database of the acting user. */
export interface Database {
  database: string;
  sizeBytes: number;
  userCount: number;
  tableCount: number;
  definerIssues: number;
}

/** GET /api/db-show/databases (user level; an admin reaches a user's with --as). */
export async function listDatabases(client: Client): Promise<Database[]> {
  const reply = await client.send({ method: 'GET', path: '/api/db-show/databases' });
  if (!Array.isArray(reply)) throw unexpected('the database list', reply);
  return reply.map((item) => {
    // Field by field, no arrays per record: a panel may list thousands.
    const record = isRecord(item) ? item : {};
    const { database } = record;
    const sizeBytes = toInteger(record.sizeBytes ?? 0);
    const userCount = toInteger(record.userCount ?? 0);
    const tableCount = toInteger(record.tableCount ?? 0);
    const definerIssues = toInteger(record.definerIssues ?? 0);
    if (
      typeof database !== 'string' ||
      sizeBytes === undefined ||
      userCount === undefined ||
      tableCount === undefined ||
      definerIssues === undefined
    ) {
      throw unexpected('the database list', item);
    }
    return { database, sizeBytes, userCount, tableCount, definerIssues };
  });
}
