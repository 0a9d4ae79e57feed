// The config directory and profile file must be this user's alone: a profile can name a
// password command that dactl runs, so a file another user can write is code another user runs.
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { AuthError, type DactlError, UsageError } from '../errors.js';

type Kind = 'directory' | 'file';

const privateMode = { directory: '700', file: '600' } as const;

/**
 * Refuses a config directory or profile file that another user owns or can write (exit 3);
 * warns when the file can be read by others. A missing one is fine: there is nothing to trust.
 */
export function checkPrivate(path: string, kind: Kind, warn: (message: string) => void): void {
  let stat;
  try {
    stat = statSync(path);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return;
    throw fsProblem(error, path, 'read', kind);
  }
  if (kind === 'directory' ? !stat.isDirectory() : !stat.isFile()) throw notA(kind, path);
  const uid = process.getuid?.();
  if (uid === undefined) return; // Windows: modes and owners mean something else there
  const what = kind === 'directory' ? 'The config directory' : 'The profile file';
  if (stat.uid !== uid) {
    throw new AuthError(
      `${what} ${path} belongs to another user (uid ${String(stat.uid)}); dactl uses only its own.`,
      `If it is yours to take: chown ${String(uid)} ${path}; or set DACTL_CONFIG_DIR to a directory of your own.`,
    );
  }
  if ((stat.mode & 0o022) !== 0) {
    throw new AuthError(
      `${what} ${path} can be written by other users, who could plant a password command; dactl will not use it.`,
      `Check its contents, then run: chmod ${privateMode[kind]} ${path}`,
    );
  }
  if (kind === 'file' && (stat.mode & 0o044) !== 0) {
    warn(`${path} can be read by other users; run: chmod 600 ${path}`);
  }
}

/** How a directory that cannot be made is reported (by default: as the config directory). */
type DirProblem = (error: unknown, path: string, action: 'read' | 'create') => Error;

const configDirProblem: DirProblem = (error, path, action) =>
  fsProblem(error, path, action, 'directory');

/** Creates the directory (0700) level by level: Node's recursive mkdir never ends below /proc. */
export function ensureDir(dir: string, problem: DirProblem = configDirProblem): void {
  const missing: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    let isDirectory;
    try {
      isDirectory = statSync(at).isDirectory();
    } catch (error) {
      const code = codeOf(error);
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw problem(error, at, 'read');
      missing.unshift(at);
      if (dirname(at) === at) break;
      continue;
    }
    if (!isDirectory) throw problem(Object.assign(new Error(at), { code: 'ENOTDIR' }), at, 'read');
    break;
  }
  for (const level of missing) {
    try {
      mkdirSync(level, { mode: 0o700 });
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw problem(error, level, 'create');
    }
  }
}

/** Writes a temporary file and renames it over the old one: a crash never leaves half a file. */
export function writeAtomically(file: string, text: string, mode: number): void {
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    writeFileSync(temp, text, { mode });
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** A file-system failure as a setup mistake with its fix: never exit 1. */
export function fsProblem(error: unknown, path: string, action: string, kind: Kind): Error {
  const code = codeOf(error);
  if (code === undefined) return error instanceof Error ? error : new Error(String(error));
  if (code === 'EACCES' || code === 'EPERM') {
    return new AuthError(
      `Cannot ${action} ${path}: permission denied.`,
      `Make it yours and private: chown ${String(process.getuid?.() ?? '$USER')} ${path} && chmod ${privateMode[kind]} ${path}; or set DACTL_CONFIG_DIR to a directory you can write.`,
    );
  }
  if (code === 'ENOTDIR') return notA('directory', path);
  if (code === 'EISDIR') return notA('file', path);
  const why = code === 'EROFS' ? 'the file system is read-only' : code;
  return new UsageError(
    `Cannot ${action} ${path} (${why}).`,
    'Set DACTL_CONFIG_DIR to a directory you can write.',
  );
}

function notA(kind: Kind, path: string): DactlError {
  return kind === 'directory'
    ? new UsageError(
        `${path} is not a directory, and dactl keeps its profiles in one.`,
        'Point DACTL_CONFIG_DIR at a directory (it is created when missing).',
      )
    : new UsageError(
        `The profile file ${path} is not a regular file.`,
        `Move it away; dactl writes a new one on the next "dactl profile add".`,
      );
}

export const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};
