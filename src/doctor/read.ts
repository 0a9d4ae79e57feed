// Reads the panel's files for `unit doctor` and `unit sync` (its data directory, directadmin.conf,
// Unit's log) through the one path rule (src/trusted-path.ts), with the panel's user trusted as
// an owner too (panelUser below). Each kind of failure has one outcome:
// - exit 3, refused and named with the fix: a file, or a directory above it, that fails the rule
//   (a symlink where a file belongs, an owner other than root, the effective user or the panel's
//   user, writable by group or others), since its content could be anyone's word and the doctor
//   would report it, and sync act on it, as the panel's; and a file this user may not read.
// - a finding (the doctor goes on, nothing is read from the file): a file of a trusted place whose
//   content is wrong: not a regular file (a FIFO, a device, a directory: never opened, so never
//   waited on), larger than dactl reads of its kind (caps below), a JSON copy that does not parse
//   or nests too deep. Only root or the panel could have put it there; the doctor's job is to
//   report it.
// - missing: undefined, as the panel may not have written it; no data directory at all: exit 2.
// Unit's log is the one exception to exit 3 (log.ts): applications write into it, so it is never
// the panel's word, and one in a place that fails the rule is left unread with a warning.
// Nothing here ends in exit 1.
import { lstatSync, readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { join } from 'node:path';
import { AuthError, UsageError } from '../errors.js';
import {
  codeOf,
  formatBytes,
  readTrusted,
  trustedDir,
  UntrustedPathError,
  type Trust,
} from '../trusted-path.js';
import type { Finding } from './findings.js';

export const rootHint =
  'Run it as root (sudo dactl unit doctor), or as an admin who can read the panel’s data directory.';

const MiB = 1024 * 1024;

/** The most dactl reads of each kind of file: generous for real panels, bounded for memory. */
export const caps = {
  /** user.conf, packages/*.pkg, reseller.conf, directadmin.conf, custom web server configs. */
  conf: 4 * MiB,
  /** domains.list: one line per domain. */
  list: 32 * MiB,
  /** A local copy of an application or a route set. */
  copy: 8 * MiB,
  /** Unit's log: only its end is read. */
  logTail: 64 * 1024,
};

/**
 * The panel's user: the owner of its data directory (diradmin on a real server, where it owns
 * /usr/local/directadmin and everything below). Root names that directory (the default,
 * --data-dir or DACTL_DA_DATA_DIR), and its owner writes the panel's data anyway, so trusting
 * that user's files there, above it and in directadmin.conf adds no one.
 */
const panelUser = (realDataDir: string): number => statSync(realDataDir).uid;

type Loaded = { text: string } | { why: string } | undefined;

/** The panel's files, each read at most once, through the rule. */
export class PanelFiles {
  /** Why each file that is there was not read, by the path the findings name. */
  readonly unread = new Map<string, string>();

  private constructor(
    /** The data directory's real path, checked. */
    readonly dir: string,
    /** The rule's terms: the panel's user trusted too; each directory judged once a run. */
    private readonly trust: Trust & { owners: readonly number[] },
  ) {}

  /** Owners trusted besides root and the effective user: the panel's user. */
  get owners(): readonly number[] {
    return this.trust.owners;
  }

  /** Opens the data directory: it must exist and hold users/ (else exit 2), and pass the rule. */
  static open(dataDir: string, flag: string): PanelFiles {
    const notData = new UsageError(
      `${dataDir} is not the panel's data directory (it has no users/ folder).`,
      `Give the data directory with ${flag} (default /usr/local/directadmin/data).`,
    );
    const found = guard(dataDir, () => {
      try {
        const real = realpathSync(dataDir);
        return { real, owner: panelUser(real) };
      } catch (error) {
        if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return undefined;
        throw error;
      }
    });
    if (found === undefined) throw notData;
    const trust = { owners: [found.owner], judged: new Map<string, boolean>() };
    const dir = guard(dataDir, () => trustedDir(found.real, trust));
    if (dir === undefined) throw notData;
    const users = guard(dataDir, () => stat(join(dir, 'users')));
    if (users?.isDirectory() !== true) throw notData;
    return new PanelFiles(dir, trust);
  }

  /** A file below the data directory, by its path there; undefined when missing or not read. */
  data(rel: string, cap: number): string | undefined {
    return this.text(join(this.dir, rel), cap, rel);
  }

  /** A file anywhere (the panel config), judged as the data directory's are. */
  text(file: string, cap: number, shown = file, tail = false): string | undefined {
    const loaded = this.load(file, cap, tail);
    if (loaded !== undefined && 'why' in loaded) this.unread.set(shown, loaded.why);
    return loaded !== undefined && 'text' in loaded ? loaded.text : undefined;
  }

  /** The end of a log (caps.logTail): a log of any size is fine. */
  tail(file: string): string | undefined {
    return this.text(file, caps.logTail, file, true);
  }

  /** A file's text or why it was not read, recorded by the caller (a local copy's finding). */
  load(file: string, cap: number, tail = false): Loaded {
    return guard(file, () => {
      const stats = stat(file);
      if (stats === undefined) return undefined;
      // A link is left to the rule (refused, exit 3); the rest is judged before any open.
      if (!stats.isSymbolicLink()) {
        if (!stats.isFile()) return { why: `is ${kind(stats)}, not a file` };
        if (!tail && stats.size > cap) {
          return {
            why: `holds ${formatBytes(stats.size)}, more than the ${formatBytes(cap)} dactl reads of such a file`,
          };
        }
      }
      const bytes = readTrusted(file, { ...this.trust, maxBytes: cap, tail });
      return bytes === undefined ? undefined : { text: bytes.toString('utf8') };
    });
  }

  /** The entries of a directory below the data directory; [] when missing or not one. */
  list(rel: string): Dirent[] {
    return guard(join(this.dir, rel), () => {
      const stats = stat(join(this.dir, rel));
      if (stats === undefined) return [];
      if (!stats.isDirectory() && !stats.isSymbolicLink()) {
        this.unread.set(rel, `is ${kind(stats)}, not a directory`);
        return [];
      }
      const real = trustedDir(join(this.dir, rel), this.trust);
      return real === undefined ? [] : readdirSync(real, { withFileTypes: true });
    });
  }

  /** Why a file gave no text, for a finding's detail: "<path> <this>". */
  absence(shown: string): string {
    const why = this.unread.get(shown);
    return why === undefined ? 'could not be found' : `was not read (it ${why})`;
  }

  /** One finding per file that is there but was not read, naming what it is. */
  findings(): Finding[] {
    return [...this.unread].map(([path, why]) => ({
      check: 'layout',
      user: /^users\/([^/]+)\//.exec(path)?.[1] ?? '',
      domain: '',
      item: path,
      status: 'fail',
      detail: `${path} ${why}: dactl did not read it.`,
      fix: 'Check what put it there, and put back the file that belongs there (save it again in the panel).',
    }));
  }
}

function stat(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return undefined;
    throw error;
  }
}

function kind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'an entry of another kind';
}

/** Runs a read; a permission refused, or links that loop, is exit 3 naming the path. */
function guard<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (codeOf(error) === 'EACCES' || codeOf(error) === 'EPERM') {
      throw new AuthError(`Cannot read ${path}: permission denied.`, rootHint);
    }
    if (codeOf(error) === 'ELOOP') {
      throw new UntrustedPathError(path, 'its symbolic links loop', 'Remove the link that loops.');
    }
    throw error;
  }
}
