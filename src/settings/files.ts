// The config directory and profile file follow the path rule of src/trusted-path.ts: a profile
// can name a password command that dactl runs, so a file another user can write is code another
// user runs. This file maps what the rule's functions throw to messages about the config.
import { dirname } from 'node:path';
import { AuthError, type DactlError, UsageError } from '../errors.js';
import {
  codeOf,
  ensureTrustedDir,
  readTrusted,
  trustedDir,
  UntrustedPathError,
  writeTrusted,
} from '../trusted-path.js';

type Kind = 'directory' | 'file';

const privateMode = { directory: '700', file: '600' } as const;

/** The most a profile file may hold: thousands of profiles fit in far less. */
const maxProfileBytes = 16 * 1024 * 1024;

/** Refuses a config directory that another user owns or can write, or one below such (exit 3). */
export function checkConfigDir(dir: string): void {
  try {
    trustedDir(dir, { label: 'the config directory' });
  } catch (error) {
    throw error instanceof UntrustedPathError ? error : fsProblem(error, dir, 'read', 'directory');
  }
}

/**
 * The profile file's text, or undefined when there is none. Refused (exit 3) when it is a link,
 * not a regular file, another user's, or writable by others; `warn` hears about one others can
 * read.
 */
export function readProfileFile(path: string, warn: (message: string) => void): string | undefined {
  let data: Buffer | undefined;
  try {
    data = readTrusted(path, {
      maxBytes: maxProfileBytes,
      label: 'the profile file',
      stats: (stats) => {
        if ((stats.mode & 0o044) !== 0 && process.platform !== 'win32') {
          warn(`${path} can be read by other users; run: chmod 600 ${path}`);
        }
      },
    });
  } catch (error) {
    throw error instanceof UntrustedPathError ? error : fsProblem(error, path, 'read', 'file');
  }
  return data?.toString('utf8');
}

/** How a directory that cannot be made is reported (by default: as the config directory). */
type DirProblem = (error: unknown, path: string, action: 'read' | 'create') => Error;

const configDirProblem: DirProblem = (error, path, action) =>
  fsProblem(error, path, action, 'directory');

/** Creates the directory (0700) level by level, under the path rule. */
export function ensureDir(dir: string, problem: DirProblem = configDirProblem): void {
  try {
    ensureTrustedDir(dir);
  } catch (error) {
    if (error instanceof UntrustedPathError) throw error;
    const at = (error as { path?: unknown }).path;
    throw problem(error, typeof at === 'string' ? at : dir, 'create');
  }
}

/** Writes a new private file and renames it over the old one: a crash never leaves half a file. */
export function writeAtomically(file: string, text: string, mode: number): void {
  ensureDir(dirname(file));
  writeTrusted(file, text, mode);
}

/** A file-system failure as a setup mistake with its fix: never exit 1. */
export function fsProblem(error: unknown, path: string, action: string, kind: Kind): Error {
  const code = codeOf(error);
  if (code === undefined) return error instanceof Error ? error : new Error(String(error));
  // Which level is not a directory, as the path rule found it.
  const at = (error as { path?: unknown }).path;
  const where = code === 'ENOTDIR' && typeof at === 'string' ? at : path;
  if (code === 'EACCES' || code === 'EPERM') {
    return new AuthError(
      `Cannot ${action} ${where}: permission denied.`,
      `Make it yours and private: chown ${String(process.getuid?.() ?? '$USER')} ${where} && chmod ${privateMode[kind]} ${where}; or set DACTL_CONFIG_DIR to a directory you can write.`,
    );
  }
  if (code === 'ENOTDIR') return notA('directory', where);
  if (code === 'EISDIR') return notA('file', where);
  const why = code === 'EROFS' ? 'the file system is read-only' : code;
  return new UsageError(
    `Cannot ${action} ${where} (${why}).`,
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

export { codeOf };
