// The directory half of the path rule (src/trusted-path.ts has the rule and the file half): every
// directory from the root down to the one dactl uses must be owned by root, the effective user or
// the owners the caller names, and writable by no group or others, except a sticky directory
// anyone may write (as /tmp) whose entry below is root's or the effective user's. Imports nothing
// but errors.js: the launcher bundles it.
import type { Stats } from 'node:fs';
import { AuthError } from './errors.js';

const fs = process.getBuiltinModule('node:fs');
const path = process.getBuiltinModule('node:path');

export interface Trust {
  /** Owners trusted besides root and the effective user (the panel's user for its data). */
  owners?: readonly number[];
  /** What the path is to the user, for messages ("the profile file"). */
  label?: string;
  /**
   * Directories judged earlier in this run with the same owners (real path: whether it is a
   * sticky one anyone may write), so a run reading thousands of files in one tree judges each
   * directory once. Sound: a directory that passed can be changed only by the owners trusted.
   */
  judged?: Map<string, boolean>;
}

/** A path that fails the rule: what it is, what was found, and how to fix it. */
export class UntrustedPathError extends AuthError {
  constructor(
    readonly path: string,
    readonly found: string,
    fix: string,
    label?: string,
  ) {
    super(`dactl will not use ${label ? `${label} ` : ''}${path}: ${found}.`, fix);
  }
}

export const euid = (): number | undefined => process.geteuid?.();

/** Whether this platform has owners and modes to judge (not Windows). */
export const judged = (): boolean => euid() !== undefined;

export function trustedOwner(uid: number, trust: Trust): boolean {
  return uid === 0 || uid === euid() || (trust.owners ?? []).includes(uid);
}

const octal = (mode: number): string => (mode & 0o7777).toString(8).padStart(4, '0');

/** Why a directory or file's owner or mode fails the rule, or undefined when it passes. */
export function ownerOrMode(stats: Stats, trust: Trust): string | undefined {
  if (!trustedOwner(stats.uid, trust)) {
    return `it belongs to another user (uid ${String(stats.uid)})`;
  }
  if ((stats.mode & 0o022) !== 0) {
    return `other users can write to it (mode ${octal(stats.mode)})`;
  }
  return undefined;
}

/**
 * Checks every directory from the root down to `dir` and returns `dir`'s real path, which the
 * caller then uses (so a symlink swapped in later changes nothing). A missing directory is
 * returned as undefined. Throws UntrustedPathError naming the first directory that fails.
 */
export function trustedDir(dir: string, trust: Trust = {}): string | undefined {
  const seen = trust.judged;
  // A real path judged already: only its trusted owners could have made it a link since.
  if (seen?.has(dir) === true) return dir;
  // Below one judged already, a directory that is not a link is its own real path.
  const parentOpen = seen?.get(path.dirname(dir));
  if (
    parentOpen !== undefined &&
    judged() &&
    path.normalize(dir) === dir &&
    !dir.endsWith(path.sep)
  ) {
    const stats = lstatOrUndefined(dir);
    if (stats === undefined) return undefined;
    if (!stats.isSymbolicLink()) {
      judgeLevel(dir, stats, parentOpen, trust, dir);
      return dir;
    }
  }
  let real: string;
  try {
    real = fs.realpathSync.native(dir);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    if (codeOf(error) === 'ENOTDIR') throw notADirectory(firstFile(dir));
    throw error;
  }
  if (!judged()) return real;
  const levels = real.split(path.sep).filter(Boolean);
  const above = (i: number): string => path.sep + levels.slice(0, i).join(path.sep);
  // From below the deepest directory judged earlier in this run, or from the root.
  let start = levels.length;
  while (start >= 0 && seen?.has(above(start)) !== true) start--;
  if (start === levels.length) return real;
  let open = start >= 0 && seen?.get(above(start)) === true;
  for (let i = start + 1; i <= levels.length; i++) {
    const at = above(i);
    open = judgeLevel(at, fs.statSync(at), open, trust, real);
  }
  return real;
}

/**
 * Judges one directory of a walk, below one anyone may write (`parentOpen`) or not; returns
 * whether this one is such a directory (sticky and writable by all, as /tmp).
 */
function judgeLevel(
  at: string,
  stats: Stats,
  parentOpen: boolean,
  trust: Trust,
  target: string,
): boolean {
  // A setup mistake, not a trust problem: the caller says what to fix.
  if (!stats.isDirectory()) throw notADirectory(at);
  const label = at === target ? trust.label : undefined;
  // Below a directory anyone may write, only root's and the effective user's entries count.
  const ownerOk = parentOpen
    ? stats.uid === 0 || stats.uid === euid()
    : trustedOwner(stats.uid, trust);
  if (!ownerOk) {
    throw new UntrustedPathError(
      at,
      `it belongs to another user (uid ${String(stats.uid)})`,
      fixDir(at),
      label,
    );
  }
  const sticky = (stats.mode & 0o1000) !== 0;
  // A sticky directory (/tmp) may be writable by all: no one may rename another's entry in it.
  if ((stats.mode & 0o022) !== 0 && !sticky) {
    throw new UntrustedPathError(
      at,
      `other users can write to it (mode ${octal(stats.mode)})`,
      fixDir(at),
      label,
    );
  }
  const open = sticky && (stats.mode & 0o022) !== 0;
  trust.judged?.set(at, open);
  return open;
}

/** The path's own stats (a link's, not its target's); undefined when nothing is there. */
export function lstatOrUndefined(at: string): Stats | undefined {
  try {
    return fs.lstatSync(at);
  } catch (error) {
    if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** A setup mistake, not a trust problem: the caller says what to fix at `path`. */
const notADirectory = (at: string): Error =>
  Object.assign(new Error(`${at} is not a directory`), { code: 'ENOTDIR', path: at });

/** The level of `dir` that exists and is not a directory. */
function firstFile(dir: string): string {
  let at = path.resolve(dir);
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

const fixDir = (dir: string): string =>
  `Check what it holds, then make it yours and private: chown ${String(euid() ?? 0)} ${dir} && chmod 700 ${dir}; or use a directory of your own.`;

/**
 * Makes `dir` (0700) level by level where missing, in a trusted parent, and returns its real
 * path. Node's recursive mkdir never ends below /proc, and would follow a planted symlink.
 */
export function ensureTrustedDir(dir: string, mode = 0o700, trust: Trust = {}): string {
  const missing: string[] = [];
  let at = path.resolve(dir);
  while (trustedDir(at, trust) === undefined) {
    missing.unshift(at);
    const up = path.dirname(at);
    if (up === at) break;
    at = up;
  }
  for (const level of missing) {
    try {
      fs.mkdirSync(level, { mode });
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
    }
  }
  const real = trustedDir(dir, trust);
  if (real === undefined) throw Object.assign(new Error(dir), { code: 'ENOENT' });
  return real;
}

/** The effective user's own directory, not a link, that no one else may enter (caches). */
export function ownPrivateDir(dir: string): boolean {
  const stats = fs.lstatSync(dir);
  const uid = euid();
  return (
    stats.isDirectory() && (uid === undefined || (stats.uid === uid && (stats.mode & 0o077) === 0))
  );
}

export const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};
