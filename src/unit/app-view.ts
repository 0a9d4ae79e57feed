// How an application definition reads in a table: its type, what it runs, processes, timeout.
import { cellText } from '../output/format.js';

export interface AppRow {
  name: string;
  type: string;
  /** The entry script, module, web app or document root: what the application runs. */
  entry: string;
  processes: string;
  timeout: string;
}

type Json = Record<string, unknown>;

const text = (v: unknown): string => (v === undefined ? '' : cellText(v));
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function appRow(name: string, app: Json): AppRow {
  return {
    name,
    type: text(app.type),
    entry: entryOf(app),
    processes: processesOf(app.processes),
    timeout: timeoutOf(app.limits),
  };
}

export function entryOf(app: Json): string {
  if (app.executable !== undefined) return text(app.executable);
  if (app.webapp !== undefined) return text(app.webapp);
  if (app.module !== undefined) {
    const path: unknown = Array.isArray(app.path) ? (app.path as unknown[])[0] : app.path;
    return path === undefined ? text(app.module) : `${text(app.module)} in ${text(path)}`;
  }
  if (app.root !== undefined) {
    return app.script === undefined ? text(app.root) : `${text(app.root)}/${text(app.script)}`;
  }
  if (app.script !== undefined) return text(app.script);
  if (isObject(app.targets)) return `${String(Object.keys(app.targets).length)} targets`;
  return text(app.component);
}

/** `4`, or `1-4 (idle 20s)` for dynamic processes: spare to max. */
export function processesOf(processes: unknown): string {
  if (!isObject(processes)) return text(processes);
  const max = text(processes.max ?? 1);
  const spare = text(processes.spare ?? 0);
  const idle =
    processes.idle_timeout === undefined ? '' : ` (idle ${text(processes.idle_timeout)}s)`;
  return `${spare}-${max}${idle}`;
}

export function timeoutOf(limits: unknown): string {
  return isObject(limits) && limits.timeout !== undefined ? `${text(limits.timeout)}s` : '';
}
