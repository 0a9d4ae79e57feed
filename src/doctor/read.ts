// Reads the panel's files for `unit doctor` and `unit sync`, each once: a missing file is
// undefined; a file this user may not read is exit 3 (root, or an admin who can read the data
// directory, is needed); a directory where a file belongs, or the reverse, is exit 2.
import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { AuthError, UsageError } from '../errors.js';

const rootHint =
  'Run it as root (sudo dactl unit doctor), or as an admin who can read the panel’s data directory.';

function fault(error: unknown, path: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') {
    return new AuthError(`Cannot read ${path}: permission denied.`, rootHint);
  }
  if (code === 'EISDIR' || code === 'ENOTDIR') {
    return new UsageError(`${path} is not what the panel keeps there (${code}).`);
  }
  return error;
}

const absent = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The text of a file, or undefined when it does not exist. */
export function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (absent(error)) return undefined;
    throw fault(error, path);
  }
}

/** The entries of a directory, or [] when it does not exist. */
export function readDir(path: string): Dirent[] {
  try {
    return readdirSync(path, { withFileTypes: true });
  } catch (error) {
    if (absent(error)) return [];
    throw fault(error, path);
  }
}

/** The panel's data directory must exist and hold users/: anything else is exit 2. */
export function checkDataDir(dataDir: string, flag: string): void {
  try {
    readdirSync(join(dataDir, 'users'));
  } catch (error) {
    if (!absent(error)) throw fault(error, join(dataDir, 'users'));
    throw new UsageError(
      `${dataDir} is not the panel's data directory (it has no users/ folder).`,
      `Give the data directory with ${flag} (default /usr/local/directadmin/data).`,
    );
  }
}

export { rootHint };
