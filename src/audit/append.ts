// Appends one line to the trail, safe with many dactl processes at once (a fleet run, parallel
// cron jobs), under the path rule of every file dactl writes (src/trusted-path.ts):
// - one write() per line on a descriptor opened with O_APPEND: the kernel places each line at
//   the end whole, so lines never interleave or overwrite each other on a local file system;
// - the file 0600 (a hard link to it is refused), in a directory no one else may write, made
//   0700 when missing (and dactl's own directory made 0700 when it is wider);
// - rotation at a size, by the one process that takes the rotation lock of the file it judged
//   full (see rotate below); a line another process writes meanwhile lands in one file or the other.
import type { Stats } from 'node:fs';
import {
  chmodSync,
  closeSync,
  constants,
  lstatSync,
  openSync,
  renameSync,
  unlinkSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { euid } from '../trusted-dir.js';
import { appendTrusted, codeOf, ensureTrustedDir, lstatOrUndefined } from '../trusted-path.js';
import type { TrailPlace } from './path.js';

/** The size at which the trail rotates: audit.jsonl becomes audit.jsonl.1. */
const rotateBytes = 10 * 1024 * 1024;

/** A rotation lock older than this was left by a process that died in the middle of one. */
const staleLockMs = 60_000;

const label = 'the audit trail';

export function appendLine(place: TrailPlace, line: string, limit = rotateBytes): void {
  const dir = ensureTrustedDir(dirname(place.file), 0o700, { label });
  if (place.own) keepDirPrivate(dir);
  const file = join(dir, basename(place.file));
  const before = appendTrusted(file, line, { label, private: true });
  if (before.size + Buffer.byteLength(line) >= limit) rotate(file, before);
}

/** dactl's own directory is private; one DACTL_AUDIT_FILE names is left as its owner made it. */
function keepDirPrivate(dir: string): void {
  const stats = lstatSync(dir);
  if ((stats.mode & 0o077) !== 0 && stats.uid === euid()) chmodSync(dir, 0o700);
}

/**
 * Renames the full file to `<file>.1` (replacing the one before). The lock is named after the
 * inode judged full and made with O_EXCL, so one process at a time may rotate that file, and it
 * renames only when the path still names that inode: two processes that both saw it full never
 * rotate twice (which would put a fresh file over the full one kept in .1). A process that finds
 * the lock taken leaves the rotation to its holder; one older than a minute is removed, for the
 * next run to rotate.
 */
export function rotate(file: string, judged: Stats): void {
  const lock = `${file}.rotate-${String(judged.ino)}`;
  let fd: number;
  try {
    const c = constants;
    fd = openSync(lock, c.O_WRONLY | c.O_CREAT | c.O_EXCL | c.O_NOFOLLOW, 0o600);
  } catch (error) {
    if (codeOf(error) !== 'EEXIST') throw error;
    if (Date.now() - lstatSync(lock).mtimeMs > staleLockMs) unlinkSync(lock);
    return;
  }
  try {
    const now = lstatOrUndefined(file);
    if (now?.ino === judged.ino && now.dev === judged.dev) renameSync(file, `${file}.1`);
  } finally {
    closeSync(fd);
    unlinkSync(lock);
  }
}
