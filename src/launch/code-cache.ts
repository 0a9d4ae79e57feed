// V8's code cache for the bundle, kept per user between runs. Node's own compile cache (Node 22.1
// and later) is made when a file is compiled, before it runs, so it holds only what V8 compiles up
// front; this one is made after a command has run and holds every function the command compiled,
// on Node 20 as well. One file per command (`users-list.bin`), read in one go.
//
// The cache is code, so it follows the path rule of src/trusted-path.ts: its directories and
// files are the effective user's (or root's) and no one else may write them; a directory in
// another user's tree (`sudo -E` keeps a user's HOME) is not used at all; files are opened without
// following links or waiting on FIFOs, and written atomically. Files are named after the command
// that ran, never after argv, and are bounded in number and size. Its directory is named after the
// bundle's build and the Node version; V8 itself refuses data of another V8, other flags or a
// source of another length. Nothing here ever fails a command: no cache is the fallback.
// DACTL_NO_CACHE=1 turns it off.
import {
  ensureTrustedDir,
  ownPrivateDir,
  readTrusted,
  trustedDir,
  writeTrusted,
} from '../trusted-path.js';

const fs = process.getBuiltinModule('node:fs');
const path = process.getBuiltinModule('node:path');

/** The first bytes of a cache file: the format and its version. */
const magic = Buffer.from('dactl-code-cache 1\n');

/** A command's cache is a few MiB; more is not ours. */
const maxFileBytes = 32 * 1024 * 1024;
/** Files in one build's directory: dactl has fewer commands than this. */
const maxFiles = 96;

const namePattern = /^[a-z][a-z0-9-]{0,63}\.bin$/;

/** The directories judged in one run (launch.ts keeps one), so each is walked once, not per step. */
export interface Judged {
  judged: Map<string, boolean>;
}

const fresh = (): Judged => ({ judged: new Map() });

/**
 * The OS cache directory's `dactl` folder, or undefined without an absolute home to put it in,
 * or when DACTL_NO_CACHE turns the cache off.
 * @param env the environment (HOME, XDG_CACHE_HOME, LOCALAPPDATA, DACTL_NO_CACHE)
 */
export function cacheRoot(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (env.DACTL_NO_CACHE && env.DACTL_NO_CACHE !== '0') return undefined;
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

/** The directory of this build's cache files under `root`. */
export function buildDir(root: string, build: string): string {
  return path.join(root, `${build}-node${process.versions.node}-${process.arch}`);
}

/** A command's file name: `users list` → `users-list.bin`; undefined for anything else. */
export function fileName(command: string | undefined): string | undefined {
  const name = `${(command ?? '').trim().split(/\s+/).join('-') || 'dactl'}.bin`;
  return namePattern.test(name) ? name : undefined;
}

/**
 * The file this command line probably runs under: files are named only after commands that ran
 * (fileName), so the words of argv are looked up among the names present (`--as fred users list`
 * finds `users-list.bin`, never `fred-users.bin`). Undefined when none fits: the command is new.
 */
export function guessFile(names: readonly string[], argv: readonly string[]): string | undefined {
  const known = new Set(names);
  const words = argv.filter((arg) => /^[a-z][a-z0-9-]{0,31}$/.test(arg));
  for (let i = 0; i < words.length; i++) {
    for (let n = Math.min(3, words.length - i); n >= 1; n--) {
      const name = `${words.slice(i, i + n).join('-')}.bin`;
      if (known.has(name)) return name;
    }
  }
  return known.has('dactl.bin') && words.length === 0 ? 'dactl.bin' : undefined;
}

/** The names of the cache files in a build's directory, if it is a trusted one. */
export function cacheNames(dir: string, judged: Judged = fresh()): string[] {
  try {
    const real = trustedDir(dir, judged);
    return real === undefined ? [] : fs.readdirSync(real).filter((n) => namePattern.test(n));
  } catch {
    return [];
  }
}

/** The entries of a cache file, by name; undefined when missing, untrusted or damaged. */
export function readCache(file: string, judged: Judged = fresh()): Map<string, Buffer> | undefined {
  try {
    const data = readTrusted(file, { maxBytes: maxFileBytes, ...judged });
    return data === undefined ? undefined : parse(data);
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
 * Writes a command's cache file in its private directory, replacing the old one at once. The
 * first write for a build removes the week-old files of other builds (an upgrade leaves nothing
 * behind for long, and two installs of dactl in use side by side keep theirs).
 */
export function writeCache(
  file: string,
  entries: ReadonlyMap<string, Uint8Array>,
  judged: Judged = fresh(),
): void {
  try {
    const dir = path.dirname(file);
    const made = trustedDir(dir, judged) === undefined;
    const real = ensureTrustedDir(dir, 0o700, judged);
    if (!ownPrivateDir(real)) return;
    if (made) removeOtherBuilds(path.dirname(real), path.basename(real));
    const names = fs.readdirSync(real).filter((n) => namePattern.test(n));
    if (!names.includes(path.basename(file)) && names.length >= maxFiles) return;
    const parts: Uint8Array[] = [magic];
    let size = magic.length;
    for (const [name, data] of entries) {
      const text = Buffer.from(name);
      const head = Buffer.alloc(2 + text.length + 4);
      head.writeUInt16LE(text.length, 0);
      text.copy(head, 2);
      head.writeUInt32LE(data.length, 2 + text.length);
      parts.push(head, data);
      size += head.length + data.length;
    }
    if (size > maxFileBytes) return;
    writeTrusted(path.join(real, path.basename(file)), Buffer.concat(parts), 0o600, judged);
  } catch {
    // No cache is the fallback.
  }
}

const week = 7 * 24 * 3600 * 1000;

/**
 * Removes other builds' cache files beside this one, last written a week ago: only names a
 * cache file can have, unlinked one by one inside a directory checked as ours (never a removal
 * that follows a link or recurses through a path), then the emptied directory.
 */
function removeOtherBuilds(root: string, current: string): void {
  const build = current.slice(0, current.indexOf('-'));
  for (const name of fs.readdirSync(root)) {
    if (!/^[0-9a-f]{16}-node[0-9.]+-[a-z0-9]+$/.test(name) || name.startsWith(`${build}-`)) {
      continue;
    }
    const other = path.join(root, name);
    try {
      if (!ownPrivateDir(other) || Date.now() - fs.lstatSync(other).mtimeMs <= week) continue;
      for (const entry of fs.readdirSync(other)) {
        if (namePattern.test(entry) || /\.bin\.[0-9]+-[a-z0-9]+\.tmp$/.test(entry)) {
          fs.unlinkSync(path.join(other, entry));
        }
      }
      fs.rmdirSync(other);
    } catch {
      // Gone already, or not empty: left as it is.
    }
  }
}
