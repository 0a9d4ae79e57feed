// The one rule for every path dactl writes, deletes, reads as configuration or runs (SECURITY.md).
// dactl runs as root on the panel's server beside other local users, so a path is trusted only
// when no one else could have put or changed what is there:
// - the file is opened without following a symlink, and judged on the open descriptor: a regular
//   file, owned by root, the effective user or the owners the caller names (the panel's user),
//   writable by no group and no others, within a size cap;
// - every directory above it (after resolving the directory's real path) is owned by root, the
//   effective user or those owners, and writable by no group or others, except a sticky one
//   such as /tmp whose entry below is root's or the effective user's (as OpenSSH and sudo judge).
// Opening never waits on a FIFO or a device (O_NONBLOCK, then fstat). A path that fails the rule
// is exit 3 naming the path, what was found and the fix. The launcher uses this file too, so it
// imports nothing: Node's modules come from process.getBuiltinModule.
import type { Stats } from 'node:fs';
import { AuthError } from './errors.js';

const fs = process.getBuiltinModule('node:fs');
const path = process.getBuiltinModule('node:path');

export interface Trust {
  /** Owners trusted besides root and the effective user (the panel's user for its data). */
  owners?: readonly number[];
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
  ) {
    super(`dactl will not use ${path}: ${found}.`, fix);
  }
}

const euid = (): number | undefined => process.geteuid?.();

/** Whether this platform has owners and modes to judge (not Windows). */
const judged = (): boolean => euid() !== undefined;

function trustedOwner(uid: number, trust: Trust): boolean {
  return uid === 0 || uid === euid() || (trust.owners ?? []).includes(uid);
}

const octal = (mode: number): string => (mode & 0o7777).toString(8).padStart(4, '0');

/** Why a directory or file's owner or mode fails the rule, or undefined when it passes. */
function ownerOrMode(stats: Stats, trust: Trust): string | undefined {
  if (!trustedOwner(stats.uid, trust)) return `it belongs to uid ${String(stats.uid)}`;
  if ((stats.mode & 0o022) !== 0) return `group or others may write it (mode ${octal(stats.mode)})`;
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
      judgeLevel(dir, stats, parentOpen, trust);
      return dir;
    }
  }
  let real: string;
  try {
    real = fs.realpathSync.native(dir);
  } catch (error) {
    if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return undefined;
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
    open = judgeLevel(at, fs.statSync(at), open, trust);
  }
  return real;
}

/**
 * Judges one directory of a walk, below one anyone may write (`parentOpen`) or not; returns
 * whether this one is such a directory (sticky and writable by all, as /tmp).
 */
function judgeLevel(at: string, stats: Stats, parentOpen: boolean, trust: Trust): boolean {
  if (!stats.isDirectory()) throw new UntrustedPathError(at, 'it is not a directory', fixDir(at));
  // Below a directory anyone may write, only root's and the effective user's entries count.
  const ownerOk = parentOpen
    ? stats.uid === 0 || stats.uid === euid()
    : trustedOwner(stats.uid, trust);
  if (!ownerOk) {
    throw new UntrustedPathError(at, `it belongs to uid ${String(stats.uid)}`, fixDir(at));
  }
  const sticky = (stats.mode & 0o1000) !== 0;
  // A sticky directory (/tmp) may be writable by all: no one may rename another's entry in it.
  if ((stats.mode & 0o022) !== 0 && !sticky) {
    throw new UntrustedPathError(
      at,
      `group or others may write it (mode ${octal(stats.mode)})`,
      fixDir(at),
    );
  }
  const open = sticky && (stats.mode & 0o022) !== 0;
  trust.judged?.set(at, open);
  return open;
}

function lstatOrUndefined(at: string): Stats | undefined {
  try {
    return fs.lstatSync(at);
  } catch (error) {
    if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return undefined;
    throw error;
  }
}

const fixDir = (dir: string): string =>
  `Use a directory of your own (or root's) that no one else can write, or fix this one: chown ${String(euid() ?? 0)} ${dir} && chmod go-w ${dir}`;

export interface ReadOptions extends Trust {
  /** The most the file may hold, in bytes. */
  maxBytes: number;
  /** Whether group and others may write the file (data the rule need not trust as code). */
  anyMode?: boolean;
  /** A log: its last `maxBytes` are read, and a larger file is not refused. */
  tail?: boolean;
}

/**
 * The bytes of a trusted file, or undefined when it (or its directory) does not exist. Not a
 * regular file, a symlink, a file of another owner, writable by others, or over the cap: exit 3.
 */
export function readTrusted(file: string, options: ReadOptions): Buffer | undefined {
  const dir = trustedDir(path.dirname(file), options);
  if (dir === undefined) return undefined;
  const real = path.join(dir, path.basename(file));
  let fd: number;
  try {
    fd = fs.openSync(real, openFlags('r'));
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw openFailed(error, file);
  }
  try {
    const size = checkOpen(fd, file, options);
    return options.tail === true
      ? readTail(fd, options.maxBytes, size)
      : readAtMost(fd, options.maxBytes, file, size);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Appends `text` to a trusted file in one write (created 0600 when missing), through a
 * descriptor opened without following a symlink and checked before anything is written.
 */
export function appendTrusted(file: string, text: string, trust: Trust = {}): void {
  const dir = trustedDir(path.dirname(file), trust);
  if (dir === undefined) throw Object.assign(new Error(file), { code: 'ENOENT' });
  const fd = (() => {
    try {
      return fs.openSync(path.join(dir, path.basename(file)), openFlags('a'), 0o600);
    } catch (error) {
      throw openFailed(error, file);
    }
  })();
  try {
    checkOpen(fd, file, { ...trust, maxBytes: Number.MAX_SAFE_INTEGER });
    fs.writeSync(fd, text);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Checks a program dactl is about to run (the same rule as a file it reads as configuration) and
 * returns its real path, to be run by that path: a link above it swapped later changes nothing.
 */
export function checkRunnable(file: string, trust: Trust = {}): string {
  const dir = trustedDir(path.dirname(file), trust);
  if (dir === undefined) throw Object.assign(new Error(file), { code: 'ENOENT' });
  const real = path.join(dir, path.basename(file));
  let fd: number;
  try {
    fd = fs.openSync(real, openFlags('r'));
  } catch (error) {
    throw openFailed(error, file);
  }
  try {
    checkOpen(fd, file, { ...trust, maxBytes: Number.MAX_SAFE_INTEGER });
  } finally {
    fs.closeSync(fd);
  }
  return real;
}

/**
 * Writes a file atomically in a trusted directory: a new private file (never an existing path,
 * never through a symlink) renamed over the old one, so a crash leaves the old file whole.
 */
export function writeTrusted(file: string, data: string | Uint8Array, mode = 0o600): void {
  const dir = trustedDir(path.dirname(file));
  if (dir === undefined) throw Object.assign(new Error(path.dirname(file)), { code: 'ENOENT' });
  const target = path.join(dir, path.basename(file));
  const temp = `${target}.${String(process.pid)}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const fd = fs.openSync(temp, openFlags('x'), mode);
    try {
      fs.writeFileSync(fd, data);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Makes `dir` (0700) level by level where missing, in a trusted parent, and returns its real
 * path. Node's recursive mkdir never ends below /proc, and would follow a planted symlink.
 */
export function ensureTrustedDir(dir: string, mode = 0o700): string {
  const missing: string[] = [];
  let at = path.resolve(dir);
  while (trustedDir(at) === undefined) {
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
  const real = trustedDir(dir);
  if (real === undefined) throw Object.assign(new Error(dir), { code: 'ENOENT' });
  return real;
}

/** open(2) flags: no symlink followed at the last step, no wait on a FIFO or a device. */
function openFlags(kind: 'r' | 'a' | 'x'): number {
  const c = fs.constants;
  // Both are undefined on Windows, where neither links nor FIFOs are met this way.
  const safe =
    ((c.O_NOFOLLOW as number | undefined) ?? 0) | ((c.O_NONBLOCK as number | undefined) ?? 0);
  if (kind === 'r') return c.O_RDONLY | safe;
  if (kind === 'a') return c.O_WRONLY | c.O_APPEND | c.O_CREAT | safe;
  return c.O_WRONLY | c.O_CREAT | c.O_EXCL | safe;
}

/** Judges an open file by the rule; returns its size. */
function checkOpen(fd: number, file: string, options: ReadOptions): number {
  const stats = fs.fstatSync(fd);
  if (!stats.isFile()) {
    throw new UntrustedPathError(file, 'it is not a regular file', `Remove it: rm ${file}`);
  }
  if (!judged()) return stats.size;
  const why = ownerOrMode(stats, options);
  if (why !== undefined && !(options.anyMode === true && trustedOwner(stats.uid, options))) {
    throw new UntrustedPathError(
      file,
      why,
      `Check what it holds, then make it yours and private: chown ${String(euid())} ${file} && chmod go-w ${file}`,
    );
  }
  if (stats.size > options.maxBytes && options.tail !== true) tooLarge(file, options.maxBytes);
  return stats.size;
}

/** The last `max` bytes of a file of `size` bytes (what was there when it was judged). */
function readTail(fd: number, max: number, size: number): Buffer {
  const start = Math.max(0, size - max);
  const buffer = Buffer.alloc(size - start);
  let n = 0;
  while (n < buffer.length) {
    const read = fs.readSync(fd, buffer, n, buffer.length - n, start + n);
    if (read === 0) break;
    n += read;
  }
  return buffer.subarray(0, n);
}

/** Reads at most `max` bytes (a file may grow after fstat): more is exit 3. */
function readAtMost(fd: number, max: number, file: string, hint: number): Buffer {
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    // Sized from fstat (and one byte more, to see the end): not 64 KiB for every small file.
    const chunk = Buffer.allocUnsafe(
      Math.min(64 * 1024, max + 1 - size, Math.max(1024, hint + 1 - size)),
    );
    const n = fs.readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    size += n;
    if (size > max) tooLarge(file, max);
    chunks.push(chunk.subarray(0, n));
  }
  return Buffer.concat(chunks, size);
}

function tooLarge(file: string, max: number): never {
  throw new UntrustedPathError(
    file,
    `it holds more than ${formatBytes(max)}, far more than dactl expects there`,
    `Check what wrote it; move it away if it is not what it should be.`,
  );
}

export function formatBytes(bytes: number): string {
  const MiB = 1024 * 1024;
  if (bytes % MiB === 0) return `${String(bytes / MiB)} MiB`;
  if (bytes % 1024 === 0) return `${String(bytes / 1024)} KiB`;
  return `${String(bytes)} bytes`;
}

function openFailed(error: unknown, file: string): unknown {
  const code = codeOf(error);
  // O_NOFOLLOW on a symlink: ELOOP on Linux, EMLINK on FreeBSD, EFTYPE on some others.
  if (code === 'ELOOP' || code === 'EMLINK' || code === 'EFTYPE') {
    return new UntrustedPathError(
      file,
      'it is a symbolic link',
      `dactl does not follow links here; put the file itself at ${file}`,
    );
  }
  // ENXIO: a FIFO opened to write with no reader.
  if (code === 'ENXIO') {
    return new UntrustedPathError(file, 'it is not a regular file', `Remove it: rm ${file}`);
  }
  return error;
}

export const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};
