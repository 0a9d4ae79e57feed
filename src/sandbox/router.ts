// One request through the panel's checks, in the panel's order: is it an API path at all, the
// pages that need no login, credentials and impersonation, does the command exist, method,
// body, role. The first check that fails answers.

import { authenticateRequest, hasLevel } from './auth.js';
import { loginKeyItemRoute } from './handlers/login-keys.js';
import { commandRefusal, matchKey } from './login-keys.js';
import { HTML_TYPE } from './render.js';
import {
  accessDenied,
  badRequest,
  failure,
  internalError,
  loginFailed,
  page,
  unknownCommand,
} from './reply.js';
import type { Reply } from './reply.js';
import type { SandboxRequest } from './request.js';
import type { Route } from './route.js';
import type { Store } from './state.js';

export async function dispatch(
  request: SandboxRequest,
  store: Store,
  routes: Readonly<Record<string, Route>>,
): Promise<Reply> {
  const keyRoute = loginKeyItemRoute(request.path);
  const found = findRoute(routes, request.path) ?? (keyRoute && { route: keyRoute, params: {} });
  const route = found?.route;
  // Outside the two API families only the routes listed (static files, web-interface actions)
  // exist; any other path is a plain 404, before credentials, as a web server answers.
  if (request.family === 'other' && route === undefined) return notFoundPage;
  if (route?.level === 'public') {
    return allows(route, request.method) ? route.handler(request, store) : notFound(request, route);
  }

  // Credentials come before existence, so strangers cannot probe which commands exist.
  const auth = authenticateRequest(
    store.state,
    store.sessions,
    request.credentials,
    request.session,
    (login, password) => {
      const match = matchKey(store.state, request, login, password);
      if (match !== undefined) store.save(); // the key's history
      return match;
    },
  );
  if (!auth.ok) return loginFailed(auth.reason);
  const refused = auth.key && commandRefusal(auth.key, request.path);
  if (refused) return failure(403, 'ACCESS_DENIED', 'Access Denied', refused);

  // The swagger has no 405: a method a path does not list is a path that does not exist.
  if (route === undefined || !allows(route, request.method)) return notFound(request, route);
  if (request.bodyError !== undefined) return badRequest(request.bodyError);
  if (!hasLevel(auth.acting, route.level)) return accessDenied();

  let reply: Reply;
  try {
    reply = await route.handler({
      request,
      account: auth.acting,
      login: auth.login,
      store,
      pathParams: found?.params ?? {},
      key: auth.key,
    });
  } catch (e) {
    // A bug in a handler should look like a panel failure to the client, not kill the sandbox.
    return internalError(e instanceof Error ? e.message : String(e));
  }
  return route.webPage !== undefined && !request.wantsJson
    ? asWebPage(route.webPage, reply)
    : reply;
}

const notFoundPage = page(404, 'text/plain; charset=utf-8', 'Not Found\n');

function notFound(request: SandboxRequest, route?: Route): Reply {
  if (request.family === 'api') {
    // The method goes in the words only when it is what is wrong, so the usual 404 reads as before.
    const what = route === undefined ? '' : `${request.method} `;
    return failure(404, 'NOT_FOUND', 'Not Found', `No API endpoint at ${what}${request.path}`);
  }
  return request.family === 'legacy' ? unknownCommand() : notFoundPage;
}

const allows = (route: Route, method: string): boolean =>
  route.methods === undefined || route.methods.includes(method);

/** An exact path first, then a pattern such as `/api/db-show/databases/{database}`. */
function findRoute(
  routes: Readonly<Record<string, Route>>,
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  if (Object.hasOwn(routes, path)) return { route: routes[path] as Route, params: {} };
  const parts = path.split('/');
  for (const [pattern, route] of Object.entries(routes)) {
    if (!pattern.includes('{')) continue;
    const want = pattern.split('/');
    if (want.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const match = want.every((segment, i) => {
      const part = parts[i] ?? '';
      if (!segment.startsWith('{')) return segment === part;
      if (part === '') return false;
      params[segment.slice(1, -1)] = safeDecode(part);
      return true;
    });
    if (match) return { route, params };
  }
  return undefined;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

// The web interface's own page for a command: its outcome as text in HTML, never data.
function asWebPage(title: string, reply: Reply): Reply {
  if (reply.kind !== 'success' && reply.kind !== 'error') return reply;
  const words = reply.kind === 'success' ? reply.text : `${reply.text}: ${reply.details}`;
  const escape = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
  // The page itself loads fine whatever it says, as the web interface's pages do.
  return page(
    200,
    HTML_TYPE,
    `<!DOCTYPE html>\n<html><head><title>${escape(title)}</title></head><body><p>${escape(words)}</p></body></html>\n`,
  );
}
