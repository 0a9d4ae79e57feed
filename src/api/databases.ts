import type { Client } from '../http/transport.js';
import { isRecord, toInteger, unexpected } from './shape.js';

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
    const record = isRecord(item) ? item : {};
    const database = record.database;
    const numbers = ['sizeBytes', 'userCount', 'tableCount', 'definerIssues'].map((k) =>
      toInteger(record[k] ?? 0),
    );
    if (typeof database !== 'string' || numbers.some((n) => n === undefined)) {
      throw unexpected('the database list', item);
    }
    const [sizeBytes = 0, userCount = 0, tableCount = 0, definerIssues = 0] = numbers;
    return { database, sizeBytes, userCount, tableCount, definerIssues };
  });
}
