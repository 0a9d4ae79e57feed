// The embedded DirectAdmin-compatible server: `dactl sandbox` runs it, and the tests start it
// in-process and point the built `dactl` at it over real HTTP. The files beside this one each
// hold one concern; routes.ts lists the endpoints.

import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import { createApp } from './app.js';
import { Faults } from './faults.js';
import { bindListings, listingsFrom } from './listings.js';
import { resolveModes } from './modes.js';
import { routes } from './routes.js';
import { RequestLog } from './request-log.js';
import { openStore } from './state.js';
import { selfSignedCertificate } from './tls.js';
import { bindUnitFaults, unitFaultsFrom } from './unit/faults.js';
import { startUnitSide } from './unit-socket/index.js';
import type { Sandbox, SandboxOptions } from './types.js';

export type { FaultKind, RecordedRequest, Sandbox, SandboxOptions } from './types.js';

/** DirectAdmin's own port. */
const DEFAULT_PORT = 2222;

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const modes = resolveModes(options.modes);
  // Resolved once: the queue processor it writes runs from any directory (`./da` as given).
  const store = openStore(options.dataDir === undefined ? undefined : resolve(options.dataDir));
  const faults = new Faults();
  const unitFaults = unitFaultsFrom(options.unitFaults);
  bindUnitFaults(store, unitFaults);
  const listings = listingsFrom(options.listings);
  bindListings(store, listings);
  const requests = new RequestLog();
  const certificate = options.tls === true ? await selfSignedCertificate() : undefined;

  // `sandbox` is read by the listener on every request, so tests can swap its modes at will.
  const app = createApp({ store, faults, requests, routes, modes: () => sandbox.modes });
  const server: Server = certificate
    ? createHttpsServer({ key: certificate.key, cert: certificate.cert }, app)
    : createHttpServer(app);
  const sockets = trackSockets(server);
  // Unit's control socket, the panel's files and task queue: only when a socket is asked for.
  const unitSide =
    options.unitSocket === undefined && options.unitEmpty !== true
      ? undefined
      : await startUnitSide(store, options);
  const port = await listen(server, options.port ?? DEFAULT_PORT, host).catch(
    async (error: unknown) => {
      await unitSide?.close();
      throw error;
    },
  );

  const scheme = certificate ? 'https' : 'http';
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  const sandbox: Sandbox = {
    url: `${scheme}://${shownHost}:${port}`,
    get accounts() {
      return store.state.accounts.map(({ username, password, role }) => ({
        username,
        password,
        role,
      }));
    },
    caCert: certificate?.cert,
    requests,
    watch: (listener) => requests.watch(listener),
    modes,
    fault: (f) => {
      faults.add(f);
    },
    clearFaults: () => {
      faults.clear();
    },
    unitFaults,
    listings,
    processTaskQueue: () => unitSide?.processTaskQueue() ?? false,
    get unitRestarts() {
      return unitSide?.restarted ?? [];
    },
    close: () =>
      (closing ??= Promise.all([stop(server, sockets), unitSide?.close()]).then(() => undefined)),
  };
  return sandbox;
}

// server.close() alone waits for keep-alive and hanging connections, so every socket is kept
// here and destroyed on close. 'connection' sees the raw TCP socket for HTTP and HTTPS alike.
function trackSockets(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}

function stop(server: Server, sockets: Set<Socket>): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => {
      if (err) reject(err);
      else resolve();
    });
    for (const socket of sockets) socket.destroy();
  });
}
