// The new API's operations (method, path, summary) from the panel's own description, Swagger 2.0
// at /static/swagger.json, so `dactl api --list` can show users what exists. The copy shipped
// with dactl is loaded only by `--list --offline`: it is large, and no other command needs it.
import { NotFoundError } from '../errors.js';
import type { Client } from '../http/transport.js';
import { isRecord } from '../json/record.js';
import { unexpected } from './shape.js';

export interface Operation {
  method: string;
  path: string;
  summary: string;
}

export const SWAGGER_PATH = '/static/swagger.json';

// Swagger 2.0's operation keys, in the order people read them.
const verbs = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/** The operations of a Swagger 2.0 document, sorted by path then method. */
export function operationsOf(doc: unknown): Operation[] {
  if (!isRecord(doc) || !isRecord(doc.paths)) throw unexpected('the API description', doc);
  const operations: Operation[] = [];
  for (const path of Object.keys(doc.paths).sort()) {
    const item = doc.paths[path];
    if (!isRecord(item)) continue;
    for (const verb of verbs) {
      const op = item[verb];
      if (!isRecord(op)) continue;
      operations.push({ method: verb.toUpperCase(), path, summary: summaryOf(op) });
    }
  }
  return operations;
}

function summaryOf(op: Record<string, unknown>): string {
  const text = typeof op.summary === 'string' && op.summary ? op.summary : op.description;
  return typeof text === 'string' ? (text.split('\n')[0] ?? '').trim() : '';
}

/** Every word of the filter must appear in the method, path or summary (any case). */
export function filterOperations(operations: readonly Operation[], filter = ''): Operation[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  return operations.filter((op) => {
    const text = `${op.method} ${op.path} ${op.summary}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** The panel's own description, fetched like any other request (auth, TLS, errors). */
export async function panelOperations(client: Client): Promise<Operation[]> {
  let doc: unknown;
  try {
    doc = await client.send({ method: 'GET', path: SWAGGER_PATH });
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    throw new NotFoundError(
      `The panel does not publish its API description at ${SWAGGER_PATH}.`,
      'Older panels lack it; dactl api --list --offline shows the copy shipped with dactl.',
    );
  }
  return operationsOf(doc);
}

/** The copy shipped with dactl (a snapshot of a current panel's description). */
export async function shippedOperations(): Promise<Operation[]> {
  const doc: unknown = (
    await import('../../assets/directadmin-swagger.json', { with: { type: 'json' } })
  ).default;
  return operationsOf(doc);
}
