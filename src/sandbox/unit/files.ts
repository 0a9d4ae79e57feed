// The panel's local copies of Unit definitions (spec 2.6), laid out as the real panel keeps them
// below its data directory:
//   users/<user>/domains/<domain>.unit/<app>.json          an application
//   users/<user>/domains/<domain>.routes/<domain|sub.domain> a route set
// With a dataDir they are real files there; without one the same paths live in memory.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureTrustedDir, readTrusted, writeTrusted } from '../../trusted-path.js';

export interface LocalFiles {
  read(path: string): string | undefined;
  write(path: string, text: string): void;
  /** Whether there was a file to remove. */
  remove(path: string): boolean;
  /** The names of the files directly in a directory, sorted; [] when it does not exist. */
  list(dir: string): string[];
  /** Every file path below `users/`, for refilling the live state. */
  all(): string[];
}

export const appCopy = (user: string, domain: string, app: string): string =>
  `users/${user}/domains/${domain}.unit/${app}.json`;

export const appCopies = (user: string, domain: string): string =>
  `users/${user}/domains/${domain}.unit`;

export const routeCopy = (user: string, domain: string, name: string): string =>
  `users/${user}/domains/${domain}.routes/${name}`;

export const routeCopies = (user: string, domain: string): string =>
  `users/${user}/domains/${domain}.routes`;

export function diskFiles(dataDir: string): LocalFiles {
  const full = (path: string): string => join(dataDir, path);
  // As the panel's own user: the owner of its data directory is trusted besides root and us.
  const trust = (): { owners: number[] } => ({ owners: [statSync(dataDir).uid] });
  return {
    // Under the path rule (src/trusted-path.ts), as the real panel's files are judged.
    read: (path) => {
      try {
        return readTrusted(full(path), { maxBytes: 16 * 1024 * 1024, ...trust() })?.toString(
          'utf8',
        );
      } catch {
        return undefined;
      }
    },
    write: (path, text) => {
      ensureTrustedDir(dirname(full(path)), 0o700, trust());
      writeTrusted(full(path), text, 0o600, trust());
    },
    remove: (path) => {
      try {
        statSync(full(path));
      } catch {
        return false;
      }
      rmSync(full(path));
      return true;
    },
    list: (dir) => {
      try {
        return readdirSync(full(dir), { withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name)
          .sort();
      } catch {
        return [];
      }
    },
    all: () => walk(dataDir, 'users'),
  };
}

function walk(root: string, dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return walk(root, path);
    return e.isFile() ? [path] : [];
  });
}

export function memoryFiles(): LocalFiles {
  const files = new Map<string, string>();
  return {
    read: (path) => files.get(path),
    write: (path, text) => {
      files.set(path, text);
    },
    remove: (path) => files.delete(path),
    list: (dir) =>
      [...files.keys()]
        .filter((p) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes('/'))
        .map((p) => p.slice(dir.length + 1))
        .sort(),
    all: () => [...files.keys()],
  };
}
