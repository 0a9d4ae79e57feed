// The Unit side of the sandbox: the live state (what Unit runs, in the state) and the panel's
// local copies (files, see files.ts). Spec 2.6: the copies are storage that refills the live
// daemon, and the live daemon is authoritative. So when the sandbox starts (here: at the first
// CMD_UNIT request after a start), every copy whose definition Unit lacks is loaded into it, as
// the panel's configuration rewrite does; what Unit already runs is never overwritten, and what
// it runs without a copy stays until it is deleted by name.
import type { Store, UnitState } from '../state.js';
import { parseJson } from '../../json/parse.js';
import {
  appCopies,
  appCopy,
  diskFiles,
  memoryFiles,
  routeCopies,
  type LocalFiles,
} from './files.js';
import { demoApplications } from './demo.js';
import { isRecord } from '../../json/record.js';

type Json = Record<string, unknown>;

export interface UnitModel {
  files: LocalFiles;
  live: UnitState;
  /** The socket the sandbox serves Unit's control API on: no route may proxy to it. */
  controlSocket?: string;
  save(): void;
}

const models = new WeakMap<Store, UnitModel>();

export function unitModel(store: Store): UnitModel {
  const known = models.get(store);
  if (known !== undefined) return known;
  const files = store.dataDir === undefined ? memoryFiles() : diskFiles(store.dataDir);
  const live = (store.state.unit ??= seed(files));
  refill(live, files);
  store.save();
  const model: UnitModel = {
    files,
    live,
    save: () => {
      store.save();
    },
  };
  models.set(store, model);
  return model;
}

function seed(files: LocalFiles): UnitState {
  const live: UnitState = { applications: {}, routes: {} };
  for (const { stored, ...app } of demoApplications) {
    live.applications[`${app.domain}_${app.name}`] = structuredClone(app);
    if (stored) files.write(appCopy(app.user, app.domain, app.name), pretty(app.definition));
  }
  return live;
}

const appPath = /^users\/([^/]+)\/domains\/([^/]+)\.unit\/([^/]+)\.json$/;
const routePath = /^users\/([^/]+)\/domains\/([^/]+)\.routes\/([^/]+)$/;

/**
 * Loads every local copy that Unit lacks into the live state; with `overwrite` (the panel's
 * rewrite, see ../unit-socket/task-queue.ts) every copy replaces what Unit runs under its name.
 */
export function refill(live: UnitState, files: LocalFiles, overwrite = false): void {
  for (const path of files.all()) {
    const app = appPath.exec(path);
    if (app) {
      const [, user = '', domain = '', name = ''] = app;
      const definition = parse(files.read(path));
      const key = `${domain}_${name}`;
      if (isRecord(definition) && (overwrite || !Object.hasOwn(live.applications, key))) {
        live.applications[key] = { user, domain, name, definition };
      }
      continue;
    }
    const route = routePath.exec(path);
    if (route) {
      const [, user = '', domain = '', name = ''] = route;
      const steps = parse(files.read(path));
      if (Array.isArray(steps) && (overwrite || !Object.hasOwn(live.routes, name))) {
        live.routes[name] = { user, domain, route: steps };
      }
    }
  }
}

/** The local copies of a domain's applications, by name; a copy that does not parse is skipped. */
export function storedApps(model: UnitModel, user: string, domain: string): Record<string, Json> {
  const apps: Record<string, Json> = {};
  for (const file of model.files.list(appCopies(user, domain))) {
    const definition = parse(model.files.read(`${appCopies(user, domain)}/${file}`));
    if (file.endsWith('.json') && isRecord(definition)) apps[file.slice(0, -5)] = definition;
  }
  return apps;
}

/** The route sets stored for a domain: `<domain>` and/or `<sub>.<domain>`. */
export const storedRouteSets = (model: UnitModel, user: string, domain: string): string[] =>
  model.files.list(routeCopies(user, domain));

export const pretty = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';

function parse(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : undefined;
}
