// One Login Key change of a profile at a time (login, login --rotate, logout): held from the new
// key's creation to the old key's deletion, so overlapping runs queue instead of each leaving a
// live key behind. It is not the profile file's own lock, which every write takes for a moment:
// a slow panel holds up only the runs that change this profile's key.
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { codeOf, ensureDir, fsProblem } from './files.js';

/** A lock untouched this long is a killed run's (a live one refreshes it every half). */
const staleMs = 5000;

export async function withKeyLock<T>(
  dir: string,
  profile: string,
  work: () => Promise<T>,
): Promise<T> {
  ensureDir(dir);
  // proper-lockfile is CommonJS: its functions hang off the default export once bundled.
  const { default: lockfile } = await import('proper-lockfile');
  const path = join(dir, `login-${profile}`);
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(path, {
      realpath: false,
      stale: staleMs,
      // A rotation waits for the one before it (a few requests each), up to about two minutes.
      retries: { retries: 400, factor: 1.2, minTimeout: 20, maxTimeout: 300 },
      // Taken over while held means this run stalled for seconds; the profile still names every
      // key this run made, so there is nothing to undo.
      onCompromised: () => undefined,
    });
  } catch (error) {
    throw codeOf(error) === 'ELOCKED'
      ? new UsageError(
          `Another dactl is still changing the Login Key of profile "${profile}".`,
          'Try again once it is done; a lock left by a killed process is taken over after a few seconds.',
        )
      : fsProblem(error, dir, 'write in', 'directory');
  }
  try {
    return await work();
  } finally {
    await release().catch(() => undefined);
  }
}
