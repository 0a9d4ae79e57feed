// The request listener: record, then fault, then the panel proper. Recording comes first so
// tests can assert on every request that reached the server, faulted or not.

import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { applyFault } from './faults.js';
import type { Faults } from './faults.js';
import { render, send } from './render.js';
import { readRequest, toRecorded } from './request.js';
import { dispatch } from './router.js';
import type { Route } from './route.js';
import type { Store } from './state.js';
import type { RecordedRequest, SandboxModes } from './types.js';

export interface AppDeps {
  store: Store;
  faults: Faults;
  requests: RecordedRequest[];
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
  deps.requests.push(toRecorded(request, req));

  const fault = deps.faults.take(request.path, request.method);
  if (fault !== undefined) {
    applyFault(fault, request, req, res, deps.modes());
    return;
  }
  const reply = await dispatch(request, deps.store, deps.routes);
  send(res, render(reply, request, deps.modes()));
}
