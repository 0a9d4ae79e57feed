// The panel's task queue, processed as the real panel's processor does (every minute, by default):
// each `action=rewrite&value=appserver_unit` line rewrites Unit's configuration from the local
// copies (a copy replaces what Unit runs under its name; what Unit runs without a copy stays, spec
// 4.3 rule 1), and the listener of unit_port_ssl follows conf/directadmin.conf. Other tasks are
// not modelled. The file is deleted once read. The `dataskq` script runs it at once (trigger file).
import { readFileSync, rmSync, watch, type FSWatcher } from 'node:fs';
import { basename } from 'node:path';
import { parseConf } from '../../doctor/conf.js';
import { portSetting, taskQueue } from '../../doctor/layout.js';
import type { Store } from '../state.js';
import { refill, unitModel } from '../unit/model.js';
import { setListeners } from './config.js';
import { sandboxConf, taskqTrigger } from './panel-files.js';

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** Processes the queue; whether it held a rewrite of Unit's configuration. */
export function processTaskQueue(store: Store, dataDir: string): boolean {
  const queue = read(taskQueue(dataDir));
  if (queue === undefined) return false;
  rmSync(taskQueue(dataDir), { force: true });
  const rewrite = queue.split('\n').some((line) => {
    const task = new URLSearchParams(line.trim());
    return task.get('action') === 'rewrite' && task.get('value') === 'appserver_unit';
  });
  if (!rewrite) return false;
  const model = unitModel(store);
  refill(model.live, model.files, true);
  setListeners(model.live, listenersFromConf(dataDir));
  model.save();
  return true;
}

/** The certificate listener unit_port_ssl asks for (spec 2.6), none when it is 0 or unset. */
export function listenersFromConf(dataDir: string): Record<string, unknown> {
  const port = Number(parseConf(read(sandboxConf(dataDir)) ?? '').get(portSetting) ?? '0');
  return Number.isInteger(port) && port > 0
    ? { [`*:${String(port)}`]: { pass: 'routes', tls: { certificate: 'directadmin' } } }
    : {};
}

/** Runs the processor every `seconds` (0: never) and whenever `dataskq` asks; returns a stop. */
export function runTaskQueue(store: Store, dataDir: string, seconds: number): () => void {
  const trigger = taskqTrigger(dataDir);
  const run = (): void => {
    processTaskQueue(store, dataDir);
  };
  const timer = seconds > 0 ? setInterval(run, seconds * 1000).unref() : undefined;
  const watcher: FSWatcher = watch(dataDir, (_event, name) => {
    if (name !== basename(trigger) || read(trigger) === undefined) return;
    run();
    rmSync(trigger, { force: true });
  });
  watcher.unref();
  return () => {
    if (timer) clearInterval(timer);
    watcher.close();
  };
}
