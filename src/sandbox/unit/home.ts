// The uploaded application must be there before the panel creates it (spec 2.4, 7): every path a
// definition names inside the user's home must exist in the simulated home (AccountRecord.files),
// directories as directories and entry scripts as files. Paths outside /home (an interpreter in
// /usr/bin) are not modelled and pass; another user's home is as invisible as a missing path.
// Ownership and the executable bit are not modelled.
import { posix } from 'node:path';
import type { AccountRecord } from '../state.js';
import { baseType } from '../../unit/app-type.js';

type Json = Record<string, unknown>;

type Kind = 'dir' | 'file' | 'any';

interface Need {
  kind: Kind;
  path: string;
  /** Other files that would do as well (a Python package's __init__.py). */
  alternatives?: string[];
}

/** The first thing the definition needs that the home lacks, in the panel's words. */
export function missingUpload(account: AccountRecord, app: Json): string | undefined {
  for (const need of needs(app)) {
    const paths = [need.path, ...(need.alternatives ?? [])];
    if (paths.some((p) => has(account, p, need.kind))) continue;
    if (need.kind === 'dir') return `The path ${need.path} is non-existent`;
    const { dir, base } = posix.parse(need.path);
    return `The file ${base} does not exist in ${dir}`;
  }
  return undefined;
}

function needs(app: Json): Need[] {
  const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  const type = baseType(str(app.type) ?? '');
  const workdir = str(app.working_directory);
  const out: Need[] = [];
  const dir = (path: string | undefined): void => {
    if (path !== undefined) out.push({ kind: 'dir', path });
  };
  const file = (path: string | undefined, base = workdir): void => {
    if (path === undefined) return;
    if (posix.isAbsolute(path)) out.push({ kind: 'file', path });
    else if (base !== undefined) out.push({ kind: 'file', path: posix.join(base, path) });
  };
  dir(workdir);
  switch (type) {
    case 'external':
      file(str(app.executable));
      break;
    case 'python':
      for (const target of targetsOf(app)) pythonModule(out, str(target.module), pythonDirs(app));
      break;
    case 'php':
      for (const target of targetsOf(app)) {
        dir(str(target.root));
        file(str(target.script), str(target.root));
      }
      break;
    case 'ruby':
    case 'perl':
      file(str(app.script));
      break;
    case 'java':
      // A web application is a .war file or an unpacked directory.
      if (typeof app.webapp === 'string') out.push({ kind: 'any', path: app.webapp });
      break;
    case 'wasm':
      file(str(app.module));
      break;
    case 'wasm-wasi-component':
      file(str(app.component));
      break;
  }
  return out
    .filter((n) => posix.isAbsolute(n.path))
    .map((n) => ({ ...n, path: posix.normalize(n.path) }));
}

const targetsOf = (app: Json): Json[] => {
  const targets = app.targets;
  if (typeof targets !== 'object' || targets === null || Array.isArray(targets)) return [app];
  return Object.values(targets).filter((t): t is Json => typeof t === 'object' && t !== null);
};

function pythonDirs(app: Json): string[] {
  const path = app.path;
  const dirs = Array.isArray(path) ? path : [path ?? app.working_directory];
  return dirs.filter((d): d is string => typeof d === 'string');
}

/** A module `a.b` is `<dir>/a/b.py` or the package `<dir>/a/b/__init__.py`, in the first dir. */
function pythonModule(out: Need[], module: string | undefined, dirs: string[]): void {
  const first = dirs[0];
  for (const dir of dirs) out.push({ kind: 'dir', path: dir });
  if (module === undefined || first === undefined) return;
  const base = posix.join(first, ...module.split('.'));
  out.push({ kind: 'file', path: `${base}.py`, alternatives: [`${base}/__init__.py`] });
}

/** Whether the path exists in the account's simulated home. */
function has(account: AccountRecord, absolute: string, kind: Kind): boolean {
  const path = posix.normalize(absolute);
  const home = `/home/${account.username}/`;
  if (!path.startsWith('/home/')) return true;
  if (!path.startsWith(home)) return false;
  const rel = path.slice(home.length).replace(/\/+$/, '');
  if (rel === '') return kind !== 'file';
  const files = account.files ?? [];
  const isFile = files.includes(rel);
  const isDir = files.some((f) => f.startsWith(`${rel}/`));
  return kind === 'file' ? isFile : kind === 'dir' ? isDir : isFile || isDir;
}
