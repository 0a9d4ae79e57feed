// V8's code cache for the bundle, kept per user between runs. Node's own compile cache (Node 22.1
// and later) is made when a file is compiled, before it runs, so it holds only what V8 compiles up
// front; this one is made after a command has run and holds every function the command compiled,
// on Node 20 as well. One file per command line (`users-list.bin`), read in one go.
//
// The cache is code, so it is trusted only from this user: read from a directory and a file of
// this user's that no one else may write, written atomically (a private temporary file renamed).
// Its directory is named after the bundle's build and the Node version; V8 itself refuses data of
// another V8, other flags or a source of another length, and a file that is not ours (or cut
// short) is ignored, then replaced. Nothing here ever fails a command: no cache is the fallback.
// Node's modules come from process.getBuiltinModule: an import of node:fs would build its whole
// ESM facade, fs.promises and readline included.
import type { Stats } from 'node:fs';

const fs = process.getBuiltinModule('node:fs');
const path = process.getBuiltinModule('node:path');

/** The first bytes of a cache file: the format and its version. */
const magic = Buffer.from('dactl-code-cache 1\n');

/**
 * The OS cache directory's `dactl` folder, or undefined without an absolute home to put it in.
 * @param env the environment (HOME, XDG_CACHE_HOME, LOCALAPPDATA)
 */
export function cacheRoot(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA;
    return local && path.win32.isAbsolute(local)
      ? path.win32.join(local, 'dactl', 'Cache')
      : undefined;
  }
  const home = env.HOME;
  if (!home || !path.isAbsolute(home) || /^\/(proc|sys)(\/|$)/.test(home)) return undefined;
  if (platform === 'darwin') return path.join(home, 'Library', 'Caches', 'dactl');
  const xdg = env.XDG_CACHE_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.cache'), 'dactl');
}

/**
 * The cache file of a command line: its first two words name it (`users-list.bin`), so each
 * command keeps the code it compiles. Options are passed over; an option's value may be one of
 * the words (`-p prod users list`: `prod-users.bin`), which costs only a file of its own.
 */
export function cacheFile(root: string, build: string, argv: readonly string[]): string {
  const words: string[] = [];
  for (const arg of argv) {
    if (arg.startsWith('-')) continue;
    if (!/^[a-z][a-z0-9-]{0,31}$/.test(arg)) break;
    if (words.push(arg) === 2) break;
  }
  const dir = `${build}-node${process.versions.node}-${process.arch}`;
  return path.join(root, dir, `${words.join('-') || 'dactl'}.bin`);
}

/** Whether a file or directory is this user's and no one else may write to it. */
function ownPrivate(stats: Stats): boolean {
  if (process.platform === 'win32') return true;
  return stats.uid === process.getuid?.() && (stats.mode & 0o022) === 0;
}

/** Whether a path is a directory of this user's (not a link to one) that only this user writes. */
function privateDir(dir: string): boolean {
  const stats = fs.lstatSync(dir, { throwIfNoEntry: false });
  return stats !== undefined && stats.isDirectory() && ownPrivate(stats);
}

/** The entries of a cache file, by name; undefined when missing, not private or not ours. */
export function readCache(file: string): Map<string, Buffer> | undefined {
  try {
    if (!privateDir(path.dirname(file))) return undefined;
    const fd = fs.openSync(file, 'r');
    try {
      // Checked on the open file itself, so that it cannot be swapped after the check.
      const stats = fs.fstatSync(fd);
      if (!stats.isFile() || !ownPrivate(stats)) return undefined;
      return parse(fs.readFileSync(fd));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** magic, then per entry: name length (u16), name (UTF-8), data length (u32), data. */
function parse(data: Buffer): Map<string, Buffer> | undefined {
  if (!data.subarray(0, magic.length).equals(magic)) return undefined;
  const entries = new Map<string, Buffer>();
  let at = magic.length;
  while (at < data.length) {
    if (at + 2 > data.length) return undefined;
    const nameEnd = at + 2 + data.readUInt16LE(at);
    if (nameEnd + 4 > data.length) return undefined;
    const end = nameEnd + 4 + data.readUInt32LE(nameEnd);
    if (end > data.length) return undefined;
    entries.set(data.toString('utf8', at + 2, nameEnd), data.subarray(nameEnd + 4, end));
    at = end;
  }
  return entries;
}

/**
 * Writes a cache file in its private directory, replacing the old one at once. The first write
 * for a build removes the week-old directories of other builds (an upgrade leaves nothing behind
 * for long, and two installs of dactl in use side by side keep theirs).
 */
export function writeCache(file: string, entries: ReadonlyMap<string, Uint8Array>): void {
  const dir = path.dirname(file);
  const temp = `${file}.${String(process.pid)}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const fresh = !fs.existsSync(dir);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!privateDir(dir)) return;
    if (fresh) removeOtherBuilds(dir);
    const parts: Uint8Array[] = [magic];
    for (const [name, data] of entries) {
      const text = Buffer.from(name);
      const head = Buffer.alloc(2 + text.length + 4);
      head.writeUInt16LE(text.length, 0);
      text.copy(head, 2);
      head.writeUInt32LE(data.length, 2 + text.length);
      parts.push(head, data);
    }
    fs.writeFileSync(temp, Buffer.concat(parts), { mode: 0o600, flag: 'wx' });
    fs.renameSync(temp, file);
  } catch {
    fs.rmSync(temp, { force: true });
  }
}

const week = 7 * 24 * 3600 * 1000;

/** Removes other builds' cache directories beside this one that were last written a week ago. */
function removeOtherBuilds(dir: string): void {
  const root = path.dirname(dir);
  const build = path.basename(dir).slice(0, path.basename(dir).indexOf('-'));
  for (const name of fs.readdirSync(root)) {
    if (!/^[0-9a-f]{16}-node/.test(name) || name.startsWith(`${build}-`)) continue;
    const other = path.join(root, name);
    const stats = fs.lstatSync(other);
    if (Date.now() - stats.mtimeMs > week) fs.rmSync(other, { recursive: true, force: true });
  }
}
