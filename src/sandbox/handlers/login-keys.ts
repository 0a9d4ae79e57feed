// /api/login-keys/keys and friends (swagger: web.loginKeyCreateRequest, web.loginKeyResponse):
// the acting account's Login Keys. Checks and error types are the swagger's: 430 bad current
// password, 490 id taken, 491 key equal to another key, 492 weak key, 404 unknown id. Creating or
// changing a key takes the login's password (currentPassword, required by the swagger), so a key
// allowed login-keys still cannot make or widen a key alone; a key not allowed it gets 403 first
// (router.ts), as a key outside its allowCommands does.

import { failure, json } from '../reply.js';
import type { Reply } from '../reply.js';
import type { Handler, HandlerContext, Route } from '../route.js';
import { keysOf } from '../login-keys.js';
import type { LoginKeyRecord } from '../login-keys.js';
import { isRecord } from '../../json/record.js';
import { keyFields, type KeyFields } from './login-key-body.js';

const bad = (details: string): Reply => failure(400, 'BAD_REQUEST', 'Invalid request', details);
const notFound = (id: string): Reply =>
  failure(404, 'NOT_FOUND', 'Not Found', `There is no login key "${id}"`);

/** What the panel shows of a key: everything but the key itself and its history. */
function keyView(key: LoginKeyRecord): Record<string, unknown> {
  const shown: Partial<LoginKeyRecord> = { ...key };
  delete shown.owner;
  delete shown.key;
  delete shown.history;
  return { ...shown, readOnly: false };
}

export const listKeys: Handler = ({ account, store }) =>
  json(
    keysOf(store.state, account.username)
      .map(keyView)
      .sort((a, b) => String(b.created).localeCompare(String(a.created))),
  );

export const createKey: Handler = (ctx) => {
  const { request, store, account } = ctx;
  if (!isRecord(request.body)) return bad('Send the key as a JSON object');
  const id = request.body.id;
  if (typeof id !== 'string' || !/^[A-Za-z0-9._-]{1,64}$/.test(id)) {
    return bad('id: 1 to 64 letters, digits, ".", "_" or "-"');
  }
  const fields = keyFields(request.body, true);
  if (typeof fields === 'string') return bad(fields);
  const refusal = checkSecrets(ctx, fields);
  if (refusal) return refusal;
  const keys = keysOf(store.state, account.username);
  if (keys.some((k) => k.id === id)) return json({ type: 'LOGIN_KEY_ALREADY_EXISTS', id }, 490);
  if (keys.some((k) => k.key === fields.password)) {
    return json({ type: 'LOGIN_KEY_DUPLICATE_PASSWORD' }, 491);
  }
  const key: LoginKeyRecord = {
    owner: account.username,
    id,
    key: fields.password ?? '',
    allowCommands: fields.allowCommands ?? [],
    denyCommands: fields.denyCommands ?? [],
    allowNetworks: fields.allowNetworks ?? [],
    allowLogin: fields.allowLogin ?? false,
    autoRemove: fields.autoRemove ?? false,
    hasExpiry: fields.hasExpiry ?? false,
    ...(fields.hasExpiry ? { expires: fields.expires } : {}),
    created: new Date().toISOString(),
    createdBy: request.clientAddress ?? '',
    history: [],
  };
  (store.state.loginKeys ??= []).push(key);
  store.save();
  return json(keyView(key));
};

/** /api/login-keys/keys/{id} and /api/login-keys/keys/{id}/history, which routes.ts cannot list. */
export function loginKeyItemRoute(path: string): Route | undefined {
  const match = /^\/api\/login-keys\/keys\/([^/]+)(\/history)?$/.exec(path);
  if (match === null) return undefined;
  if (match[2]) return { level: 'user', methods: ['GET'], handler: keyHistory };
  return { level: 'user', methods: ['GET', 'PATCH', 'DELETE'], handler: keyItem };
}

const idOf = (path: string): string => decodeURIComponent(path.split('/')[4] ?? '');

const keyHistory: Handler = ({ request, account, store }) => {
  const key = keysOf(store.state, account.username).find((k) => k.id === idOf(request.path));
  return key ? json(key.history) : notFound(idOf(request.path));
};

const keyItem: Handler = (ctx) => {
  const { request, account, store } = ctx;
  const id = idOf(request.path);
  const key = keysOf(store.state, account.username).find((k) => k.id === id);
  if (key === undefined) return notFound(id);
  if (request.method === 'GET') return json(keyView(key));
  if (request.method === 'DELETE') {
    store.state.loginKeys = (store.state.loginKeys ?? []).filter((k) => k !== key);
    store.save();
    return { kind: 'page', status: 204, contentType: 'application/json', body: '' };
  }
  if (!isRecord(request.body)) return bad('Send the changes as a JSON object');
  const fields = keyFields(request.body, false);
  if (typeof fields === 'string') return bad(fields);
  const refusal = checkSecrets(ctx, fields);
  if (refusal) return refusal;
  const others = keysOf(store.state, account.username).filter((k) => k !== key);
  if (fields.password !== undefined && others.some((k) => k.key === fields.password)) {
    return json({ type: 'LOGIN_KEY_DUPLICATE_PASSWORD' }, 490);
  }
  const { password, ...rest }: Partial<KeyFields> = fields;
  delete rest.currentPassword;
  Object.assign(key, rest, password === undefined ? {} : { key: password });
  if (!key.hasExpiry) delete key.expires;
  store.save();
  return json(keyView(key));
};

// The login's password must be right (430); a new key must be strong (492).
function checkSecrets({ login }: HandlerContext, fields: KeyFields): Reply | undefined {
  if (fields.currentPassword !== login.password) {
    return json({ type: 'LOGIN_KEY_BAD_CURRENT_PASSWORD' }, 430);
  }
  const key = fields.password;
  if (key !== undefined && (key.length < 8 || classes(key) < 3)) {
    return json({ type: 'WEAK_PASSWORD' }, 492);
  }
  return undefined;
}

const classes = (s: string): number =>
  [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((r) => r.test(s)).length;
