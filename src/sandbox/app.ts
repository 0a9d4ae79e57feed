// The request listener: record, then fault, then the panel proper. Recording comes first so
// tests can assert on every request that reached the server, faulted or not.

import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { applyFault } from './faults.js';
import type { Faults } from './faults.js';
import { render, send } from './render.js';
import { failure } from './reply.js';
import { MAX_BODY_BYTES, readRequest } from './request.js';
import type { RequestLog } from './request-log.js';
import type { SandboxRequest } from './request.js';
import { dispatch } from './router.js';
import type { Route } from './route.js';
import type { Store } from './state.js';
import type { SandboxModes } from './types.js';

interface AppDeps {
  store: Store;
  faults: Faults;
  requests: RequestLog;
  routes: Readonly<Record<string, Route>>;
  /** A getter, because tests may replace or change the modes between requests. */
  modes: () => SandboxModes;
}

export function createApp(deps: AppDeps): RequestListener {
  return (req, res) => {
    handle(deps, req, res).catch(() => {
      // Only a client that vanished mid-body gets here; there is nobody left to answer.
      req.socket.destroy();
    });
  };
}

async function handle(deps: AppDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const request = await readRequest(req);
  deps.requests.record(request, req);
  if (request.bodyTooLarge) {
    refuseBody(request, res, deps.modes());
    return;
  }

  const fault = deps.faults.take(request.path, request.method);
  if (fault !== undefined) {
    applyFault(fault, request, req, res, deps.modes());
    return;
  }
  const reply = await dispatch(request, deps.store, deps.routes);
  send(res, render(reply, request, deps.modes()));
}

// HTTP's answer to a body too large is 413. The panel's API description lists no 413 and no type
// for it, so the new API gets its generic BAD_REQUEST type with a message, the legacy API its
// usual error shape. Like a proxy's 5xx it is the web server's answer, so it stays 413 in the
// legacyErrors=ok mode too. The connection is closed after the reply (request.ts drops the rest
// of the body meanwhile).
function refuseBody(request: SandboxRequest, res: ServerResponse, modes: SandboxModes): void {
  const mib = MAX_BODY_BYTES / (1024 * 1024);
  const reply = failure(
    413,
    'BAD_REQUEST',
    'Request body too large',
    `The request body is over ${mib} MiB, the most this panel reads`,
  );
  const rendered = render(reply, request, { ...modes, legacyErrors: 'status' });
  rendered.headers.Connection = 'close';
  send(res, rendered);
}
