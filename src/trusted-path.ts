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
// is exit 3 naming the path, what was found and the fix. The directories' half is in
// trusted-dir.ts. The launcher uses both, so they import nothing but errors.js: Node's modules
// come from process.getBuiltinModule.
import type { Stats } from 'node:fs';
import {
  codeOf,
  euid,
  judged,
  ownerOrMode,
  trustedDir,
  trustedOwner,
  UntrustedPathError,
  type Trust,
} from './trusted-dir.js';

export {
  codeOf,
  ensureTrustedDir,
  lstatOrUndefined,
  ownPrivateDir,
  trustedDir,
  UntrustedPathError,
  type Trust,
} from './trusted-dir.js';

const fs = process.getBuiltinModule('node:fs');
const path = process.getBuiltinModule('node:path');

interface ReadOptions extends Trust {
  /** The most the file may hold, in bytes. */
  maxBytes: number;
  /** A log: its last `maxBytes` are read, and a larger file is not refused. */
  tail?: boolean;
  /** Hears the open file's stats (to warn about a file others may read). */
  stats?: (stats: Stats) => void;
  /** Whether group and others may write the file (data the rule need not trust as code). */
  anyMode?: boolean;
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
    const stats = checkOpen(fd, file, options);
    options.stats?.(stats);
    return options.tail === true
      ? readTail(fd, options.maxBytes, stats.size)
      : readAtMost(fd, file, options, stats.size);
  } finally {
    fs.closeSync(fd);
  }
}

export interface AppendOptions extends Trust {
  /**
   * A private log (the audit trail): a file with a second name (a hard link someone made to a
   * file of root's) is refused, and one others may read is made 0600 through the descriptor.
   */
  private?: boolean;
}

/**
 * Appends `text` to a trusted file in one write (created 0600 when missing), through a
 * descriptor opened without following a symlink and checked before anything is written.
 * Returns the file's stats as judged, before the write.
 */
export function appendTrusted(file: string, text: string, trust: AppendOptions = {}): Stats {
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
    const stats = checkOpen(fd, file, { ...trust, maxBytes: Number.MAX_SAFE_INTEGER });
    if (trust.private === true) keepPrivate(fd, file, stats, trust.label);
    fs.writeSync(fd, text);
    return stats;
  } finally {
    fs.closeSync(fd);
  }
}

function keepPrivate(fd: number, file: string, stats: Stats, label?: string): void {
  if (stats.nlink > 1) {
    throw new UntrustedPathError(
      file,
      `it has ${String(stats.nlink)} names (a hard link to it exists elsewhere)`,
      `Check what the other name is (find / -samefile ${file}), then move this one away.`,
      label,
    );
  }
  if (judged() && (stats.mode & 0o077) !== 0) fs.fchmodSync(fd, 0o600);
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
export function writeTrusted(
  file: string,
  data: string | Uint8Array,
  mode = 0o600,
  trust: Trust = {},
): void {
  const dir = trustedDir(path.dirname(file), trust);
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

function checkOpen(fd: number, file: string, options: ReadOptions): Stats {
  const stats = fs.fstatSync(fd);
  if (stats.isDirectory()) {
    throw Object.assign(new Error(`${file} is a directory`), { code: 'EISDIR', path: file });
  }
  if (!stats.isFile()) {
    throw new UntrustedPathError(
      file,
      'it is not a regular file (a FIFO, a device or a socket)',
      `Check what put it there, then remove it: rm ${file}`,
      options.label,
    );
  }
  if (!judged()) return stats;
  const why = ownerOrMode(stats, options);
  if (why !== undefined && !(options.anyMode === true && trustedOwner(stats.uid, options))) {
    throw new UntrustedPathError(
      file,
      why,
      `Check what it holds, then make it yours and private: chown ${String(euid())} ${file} && chmod go-w ${file}`,
      options.label,
    );
  }
  if (stats.size > options.maxBytes && options.tail !== true) tooLarge(file, options);
  return stats;
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
function readAtMost(fd: number, file: string, options: ReadOptions, hint: number): Buffer {
  const max = options.maxBytes;
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
    if (size > max) tooLarge(file, options);
    chunks.push(chunk.subarray(0, n));
  }
  return Buffer.concat(chunks, size);
}

function tooLarge(file: string, options: ReadOptions): never {
  throw new UntrustedPathError(
    file,
    `it holds more than ${formatBytes(options.maxBytes)}, far more than dactl expects there`,
    `Check what wrote it; move it away if it is not what it should be.`,
    options.label,
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
    return new UntrustedPathError(
      file,
      'it is not a regular file (a FIFO, a device or a socket)',
      `Check what put it there, then remove it: rm ${file}`,
    );
  }
  return error;
}
