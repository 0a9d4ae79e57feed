// Turns a Node request into what handlers need. The panel reads parameters from the query string
// and the body alike, and bodies come form-encoded or as JSON (facts page, "Legacy API replies"),
// so handlers see one merged `params` map and never care where a value came from.

import type { IncomingMessage } from 'node:http';
import { readBasic } from './auth.js';
import type { Credentials } from './auth.js';
import type { RecordedRequest } from './types.js';

/** `/api/*` is the new API, `/CMD_*` the legacy one; anything else is not an API path. */
export type Family = 'api' | 'legacy' | 'other';

export interface SandboxRequest {
  method: string;
  path: string;
  family: Family;
  query: Record<string, string>;
  /** Query string and body fields merged; the body wins (CMD_UNIT sends data in a `json` field). */
  params: Record<string, string>;
  /** The parsed JSON body, when the body was JSON; new-API handlers read this. */
  body: unknown;
  rawBody: string;
  /** Set when the body claimed to be JSON but did not parse. */
  bodyError?: string;
  /** `json=yes` in the query string or in the body: legacy replies are then JSON. */
  wantsJson: boolean;
  credentials?: Credentials;
  /** The client's address, which a Login Key's allowNetworks is checked against. */
  clientAddress?: string;
}

export async function readRequest(req: IncomingMessage): Promise<SandboxRequest> {
  const rawBody = await readBody(req);
  const url = parseUrl(req.url ?? '/');
  const query = Object.fromEntries(url.searchParams);
  const parsed = parseBody(rawBody, req.headers['content-type'] ?? '');
  const path = url.pathname;
  return {
    method: req.method ?? 'GET',
    path,
    family: path.startsWith('/api/') ? 'api' : path.startsWith('/CMD_') ? 'legacy' : 'other',
    query,
    params: { ...query, ...parsed.fields },
    body: parsed.body,
    rawBody,
    bodyError: parsed.error,
    wantsJson: query.json === 'yes' || parsed.fields.json === 'yes',
    credentials: readBasic(req.headers.authorization),
    clientAddress: req.socket.remoteAddress ?? '',
  };
}

/** The copy kept in `sandbox.requests`, for tests to assert what the client really sent. */
export function toRecorded(request: SandboxRequest, req: IncomingMessage): RecordedRequest {
  return {
    method: request.method,
    path: request.path,
    query: request.query,
    username: request.credentials?.username,
    body: request.rawBody,
    headers: { ...req.headers },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
    // A client that disconnects mid-body gets neither 'end' nor always 'error'.
    req.on('close', () => {
      if (!req.complete) reject(new Error('The client went away before sending its body'));
    });
  });
}

function parseUrl(raw: string): URL {
  try {
    // Prefixing keeps a path such as `//x` a path instead of a host.
    return new URL(raw.startsWith('/') ? `http://sandbox${raw}` : raw);
  } catch {
    return new URL('http://sandbox/');
  }
}

interface ParsedBody {
  fields: Record<string, string>;
  body: unknown;
  error?: string;
}

function parseBody(raw: string, contentType: string): ParsedBody {
  if (raw === '') return { fields: {}, body: undefined };
  const isJson = contentType.includes('application/json') || raw.trimStart().startsWith('{');
  if (!isJson) return { fields: Object.fromEntries(new URLSearchParams(raw)), body: undefined };
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch (e) {
    return { fields: {}, body: undefined, error: `The body is not valid JSON: ${String(e)}` };
  }
  return { fields: jsonFields(body), body };
}

// A JSON object's members as parameters: strings as they are, anything else as its JSON text
// (numbers and booleans then read as `5` and `true`).
function jsonFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body).map(([k, v]: [string, unknown]) => [
      k,
      typeof v === 'string' ? v : JSON.stringify(v),
    ]),
  );
}
