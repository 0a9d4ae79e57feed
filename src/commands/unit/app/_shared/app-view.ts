// How an application definition reads in a table: its type, what it runs, processes, timeout.
// The row keeps the raw values (TSV prints them, one field each); the columns combine them.
import { cellText } from '../../../../output/format.js';
import type { Column } from '../../../../output/writer.js';
import { isRecord } from '../../../../json/record.js';

export interface AppRow {
  name: string;
  type: unknown;
  /** What the application runs: its executable, web app, module, script or component. */
  entry: unknown;
  /** Where: a Python module's path (the first), or PHP's document root. */
  directory: unknown;
  /** How many targets an application of several targets has. */
  targets: number | null;
  /** The most processes, or the static number. */
  processes: unknown;
  /** Dynamic processes only: how many are kept spare, and when an idle one stops (s). */
  spare: unknown;
  idleTimeout: unknown;
  /** limits.timeout, in seconds. */
  timeout: unknown;
}

type Json = Record<string, unknown>;

const orNull = (v: unknown): unknown => v ?? null;

export function appRow(name: string, app: Json): AppRow {
  const processes = app.processes;
  const dynamic = isRecord(processes);
  const path: unknown = Array.isArray(app.path) ? (app.path as unknown[])[0] : app.path;
  return {
    name,
    type: orNull(app.type),
    entry: orNull(app.executable ?? app.webapp ?? app.module ?? app.script ?? app.component),
    directory: orNull(app.module === undefined ? app.root : path),
    targets: isRecord(app.targets) ? Object.keys(app.targets).length : null,
    // Unit's defaults for dynamic processes: at most 1, none spare.
    processes: dynamic ? (processes.max ?? 1) : orNull(processes),
    spare: dynamic ? (processes.spare ?? 0) : null,
    idleTimeout: dynamic ? orNull(processes.idle_timeout) : null,
    timeout: isRecord(app.limits) ? orNull(app.limits.timeout) : null,
  };
}

const text = (v: unknown): string => cellText(v);

/** `wsgi in /home/fred/api`, `/a/app.js`, `2 targets`. */
export function entryText(row: AppRow): string {
  if (row.targets !== null) return `${String(row.targets)} targets`;
  const [entry, directory] = [text(row.entry), text(row.directory)];
  return entry && directory ? `${entry} in ${directory}` : entry || directory;
}

/** `4`, or `1-4 (idle 20s)` for dynamic processes: spare to max. */
export function processesText(row: AppRow): string {
  if (row.spare === null) return text(row.processes);
  const idle = row.idleTimeout === null ? '' : ` (idle ${text(row.idleTimeout)}s)`;
  return `${text(row.spare)}-${text(row.processes)}${idle}`;
}

/** The columns of `unit app list` and the fields of `unit app show` (headers in their case). */
export function appColumns<T extends AppRow>(header: (upper: string) => string): Column<T>[] {
  return [
    { key: 'type', header: header('TYPE') },
    {
      key: 'entry',
      header: header('ENTRY OR PATH'),
      show: (_, row) => entryText(row),
      raw: ['entry', 'directory'],
    },
    {
      key: 'processes',
      header: header('PROCESSES'),
      show: (_, row) => processesText(row),
      raw: ['processes', 'spare', 'idleTimeout'],
    },
    {
      key: 'timeout',
      header: header('TIMEOUT'),
      align: 'right',
      show: (v) => (v === null ? '' : `${text(v)}s`),
    },
  ];
}
