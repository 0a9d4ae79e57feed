// One request through the panel's checks, in the panel's order: is it an API path at all, the
// pages that need no login, credentials and impersonation, does the command exist, method,
// body, role. The first check that fails answers.

import { authenticate, hasLevel } from './auth.js';
import { loginKeyItemRoute } from './handlers/login-keys.js';
import { commandRefusal, matchKey } from './login-keys.js';
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
  const route =
    (Object.hasOwn(routes, request.path) ? routes[request.path] : undefined) ??
    loginKeyItemRoute(request.path);
  // Outside the two API families only the routes listed (static files, web-interface actions)
  // exist; any other path is a plain 404, before credentials, as a web server answers.
  if (request.family === 'other' && route === undefined) {
    return page(404, 'text/plain; charset=utf-8', 'Not Found\n');
  }
  if (route?.level === 'public') return route.handler(request);

  // Credentials come before existence, so strangers cannot probe which commands exist.
  const auth = authenticate(store.state, request.credentials, (login, password) => {
    const match = matchKey(store.state, request, login, password);
    if (match !== undefined) store.save(); // the key's history
    return match;
  });
  if (!auth.ok) return loginFailed(auth.reason);
  const refused = auth.key && commandRefusal(auth.key, request.path);
  if (refused) return failure(403, 'ACCESS_DENIED', 'Access Denied', refused);

  if (route === undefined) {
    return request.family === 'api'
      ? failure(404, 'NOT_FOUND', 'Not Found', `No API endpoint at ${request.path}`)
      : unknownCommand(request.path);
  }
  if (route.methods !== undefined && !route.methods.includes(request.method)) {
    const allowed = route.methods.join(', ');
    return failure(405, 'METHOD_NOT_ALLOWED', 'Method Not Allowed', `Use ${allowed}`);
  }
  if (request.bodyError !== undefined) return badRequest(request.bodyError);
  if (!hasLevel(auth.acting, route.level)) return accessDenied(route.level);

  try {
    return await route.handler({ request, account: auth.acting, login: auth.login, store });
  } catch (e) {
    // A bug in a handler should look like a panel failure to the client, not kill the sandbox.
    return internalError(e instanceof Error ? e.message : String(e));
  }
}
