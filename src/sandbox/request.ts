// Turns a Node request into what handlers need. The panel reads parameters from the query string
// and the body alike, and bodies come form-encoded or as JSON (facts page, "Legacy API replies"),
// so handlers see one merged `params` map and never care where a value came from.
// A body is read only up to MAX_BODY_BYTES: the sandbox must outlive any client, and one huge body
// held in memory (or turned into a string beyond V8's limit) would end it for everyone.

import type { IncomingMessage } from 'node:http';
import { parseJson } from '../json/parse.js';
import { readBasic } from './auth.js';
import type { Credentials } from './auth.js';

/** `/api/*` is the new API, `/CMD_*` the legacy one; anything else is not an API path. */
type Family = 'api' | 'legacy' | 'other';

/** 8 MiB: far above any real API call (an application or route definition), far below harm. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** The most of a body over the limit that is read and dropped before the connection is cut. */
const LINGER_BYTES = 64 * 1024 * 1024;

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
  /** The body was over MAX_BODY_BYTES: it was not read (rawBody is empty), and must be refused. */
  bodyTooLarge?: boolean;
  /** `json=yes` in the query string or in the body: legacy replies are then JSON. */
  wantsJson: boolean;
  credentials?: Credentials;
  /** The `session` cookie of a session login (POST /api/login, CMD_LOGIN), if sent. */
  session?: string;
  /** The client's address, which a Login Key's allowNetworks is checked against. */
  clientAddress?: string;
}

export async function readRequest(req: IncomingMessage): Promise<SandboxRequest> {
  const body = await readBody(req);
  const rawBody = body ?? '';
  const url = parseUrl(req.url ?? '/');
  const query = Object.fromEntries(url.searchParams);
  const path = url.pathname;
  const family = path.startsWith('/api/') ? 'api' : path.startsWith('/CMD_') ? 'legacy' : 'other';
  const parsed = parseBody(rawBody, req.headers['content-type'] ?? '', family);
  return {
    method: req.method ?? 'GET',
    path,
    family,
    query,
    params: { ...query, ...parsed.fields },
    body: parsed.body,
    rawBody,
    bodyError: parsed.error,
    bodyTooLarge: body === undefined,
    wantsJson: query.json === 'yes' || parsed.fields.json === 'yes',
    credentials: readBasic(req.headers.authorization),
    session: readCookie(req.headers.cookie, 'session'),
    clientAddress: req.socket.remoteAddress ?? '',
  };
}

/** One cookie's value from a `Cookie` header, or undefined. */
function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The body as text; undefined when it is over MAX_BODY_BYTES (declared or counted). The rest of
 * such a body is not kept: it is read and dropped until the reply is out and the connection
 * closes (at most LINGER_BYTES more), so that the client reads the 413 instead of a reset
 * mid-upload, as web servers' lingering close does.
 */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = () => {
      chunks.length = 0;
      let dropped = 0;
      req.removeAllListeners('data');
      req.on('data', (chunk: Buffer) => {
        dropped += chunk.length;
        if (dropped > LINGER_BYTES) req.socket.destroy();
      });
      resolve(undefined);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else tooLarge();
    });
    req.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
    // A client that disconnects mid-body gets neither 'end' nor always 'error'.
    req.on('close', () => {
      if (!req.complete) reject(new Error('The client went away before sending its body'));
    });
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) tooLarge();
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

function parseBody(raw: string, contentType: string, family: Family): ParsedBody {
  if (raw === '') return { fields: {}, body: undefined };
  const looksJson = /^\s*[[{]/.test(raw);
  // A legacy command reads a form body as a form whatever its label: a current Go SDK sends
  // every legacy write as a form labelled application/json (facts page, third-party clients).
  const isJson = looksJson || (contentType.includes('application/json') && family !== 'legacy');
  if (!isJson) return { fields: Object.fromEntries(new URLSearchParams(raw)), body: undefined };
  const parsed = parseJson(raw);
  if (!parsed.ok) {
    return {
      fields: {},
      body: undefined,
      error: `The body is not valid JSON: ${parsed.error.message}`,
    };
  }
  return { fields: jsonFields(parsed.value), body: parsed.value };
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
