// The server side of the Unit module in the sandbox: Unit's control socket, the data directory in
// the panel's layout, and its task queue. Started by ../index.ts when asked for.
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import type { Store } from '../state.js';
import { unitModel } from '../unit/model.js';
import { setListeners } from './config.js';
import { serveControl } from './control.js';
import { writePanelFiles } from './panel-files.js';
import { listenersFromConf, processTaskQueue, runTaskQueue } from './task-queue.js';

interface UnitSideOptions {
  /** Serve Unit's control API on this Unix socket. */
  unitSocket?: string;
  /** Start with Unit's live configuration empty, as after a restart of Unit. */
  unitEmpty?: boolean;
  /** How often the task queue is processed, in seconds (default 60, 0: only when asked). */
  taskInterval?: number;
}

interface UnitSide {
  /** Processes the task queue now; whether it held a rewrite. */
  processTaskQueue(): boolean;
  /** The live names of the applications restarted over the socket, in order. */
  readonly restarted: readonly string[];
  close(): Promise<void>;
}

export async function startUnitSide(store: Store, options: UnitSideOptions): Promise<UnitSide> {
  const { dataDir } = store;
  // Unit and the local copies are set up now, not at the first CMD_UNIT request, since the
  // socket and the doctor read them without one.
  const model = unitModel(store);
  model.controlSocket = options.unitSocket === undefined ? undefined : resolve(options.unitSocket);
  let stopQueue = (): void => undefined;
  if (dataDir !== undefined) {
    writePanelFiles(store.state, dataDir);
    setListeners(model.live, listenersFromConf(dataDir));
    stopQueue = runTaskQueue(store, dataDir, options.taskInterval ?? 60);
  }
  if (options.unitEmpty === true) {
    model.live.applications = {};
    model.live.routes = {};
    setListeners(model.live, {});
    model.save();
  }
  const restarted: string[] = [];
  const server: Server | undefined =
    options.unitSocket === undefined
      ? undefined
      : await serveControl(store, options.unitSocket, restarted);
  return {
    restarted,
    processTaskQueue: () => (dataDir === undefined ? false : processTaskQueue(store, dataDir)),
    close: async () => {
      stopQueue();
      if (server) {
        server.closeAllConnections();
        await new Promise<void>((resolve) =>
          server.close(() => {
            resolve();
          }),
        );
      }
    },
  };
}
