// Unit's control API on a Unix socket, as `unitd` serves it: GET, PUT and DELETE on /config and
// any path below it (/config/applications/<name>, /config/routes/<name>/0/action...), GET on
// /status and an application's restart (status.ts), with Unit's reply shapes. Tests use PUT and
// DELETE to make the live state drift from the panel's copies.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { rmSync } from 'node:fs';
import { UsageError } from '../../errors.js';
import { parseJson } from '../../json/parse.js';
import type { Store } from '../state.js';
import { unitModel } from '../unit/model.js';
import { applyConfig, configOf, refusal } from './config.js';
import { control, statusOf } from './status.js';

const maxBody = 16 * 1024 * 1024;

type Answer = [status: number, body: unknown];

const done: Answer = [200, { success: 'Reconfiguration done.' }];
const missing: Answer = [404, { error: "Value doesn't exist." }];
const notAllowed: Answer = [405, { error: 'Invalid method.' }];

export async function serveControl(
  store: Store,
  socket: string,
  restarted: string[],
): Promise<Server> {
  const server = createServer((req, res) => {
    void answer(store, req, restarted).then(([status, body]) => {
      send(res, status, body);
    });
  });
  // A socket file left by an earlier run would make listen() fail with EADDRINUSE.
  rmSync(socket, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new UsageError(
          `--unit-socket "${socket}": cannot listen there (${error.code ?? error.message}).`,
          'Give a path in a directory that exists and this user may write to.',
        ),
      );
    });
    server.listen(socket, () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  return server;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', Server: 'Unit/1.35.0' });
  res.end(JSON.stringify(body, null, 4) + '\n');
}

async function answer(store: Store, req: IncomingMessage, restarted: string[]): Promise<Answer> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const parts = url.pathname
    .split('/')
    .filter((p) => p !== '')
    .map(decodeURIComponent);
  const model = unitModel(store);
  const root: Record<string, unknown> = { config: configOf(model.live) };
  if (parts[0] === 'control')
    return control(model.live, req.method ?? '', parts.slice(1), restarted);
  if (parts[0] !== 'config') {
    if (req.method !== 'GET') return parts[0] === 'status' ? notAllowed : missing;
    const value = at({ ...root, status: statusOf(model.live) }, parts);
    return value === undefined ? missing : [200, value];
  }
  const body = await readBody(req);
  if (body === undefined) return [413, { error: 'Request body too large.' }];
  if (req.method === 'GET') {
    const value = at(root, parts);
    return value === undefined ? missing : [200, value];
  }
  if (req.method !== 'PUT' && req.method !== 'DELETE') {
    return notAllowed;
  }
  const parent = at(root, parts.slice(0, -1));
  const last = parts.at(-1) ?? '';
  if (typeof parent !== 'object' || parent === null) return missing;
  const holder = parent as Record<string, unknown>;
  if (req.method === 'DELETE') {
    if (!Object.hasOwn(holder, last)) return missing;
    if (Array.isArray(holder)) holder.splice(Number(last), 1);
    else if (parts.length === 1) holder.config = { listeners: {}, routes: {}, applications: {} };
    else Reflect.deleteProperty(holder, last);
  } else {
    const parsed = parseJson(body);
    if (!parsed.ok) return [400, { error: 'Invalid JSON.', detail: parsed.error.message }];
    holder[last] = parsed.value;
  }
  const why = refusal(root.config);
  if (why !== undefined) return [400, { error: 'Invalid configuration.', detail: why }];
  applyConfig(store.state, model.live, root.config as Record<string, never>);
  model.save();
  return done;
}

function at(value: unknown, parts: readonly string[]): unknown {
  let here = value;
  for (const part of parts) {
    if (typeof here !== 'object' || here === null || !Object.hasOwn(here, part)) return undefined;
    here = (here as Record<string, unknown>)[part];
  }
  return here;
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBody) chunks.push(chunk);
    });
    req.on('end', () => {
      resolve(size > maxBody ? undefined : Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', () => {
      resolve(undefined);
    });
  });
}
