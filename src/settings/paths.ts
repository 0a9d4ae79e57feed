import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { UsageError } from '../errors.js';

/** DACTL_CONFIG_DIR, else the OS config directory's `dactl` folder. */
export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.DACTL_CONFIG_DIR) return usable(resolve(env.DACTL_CONFIG_DIR), 'DACTL_CONFIG_DIR');
  if (process.platform === 'win32')
    return join(env.APPDATA ?? join(env.HOME ?? homedir(), 'AppData', 'Roaming'), 'dactl');
  // Without HOME there is no telling whose directory to use; guessing could read another's.
  const home = env.HOME;
  if (!home || !isAbsolute(home)) {
    throw new UsageError(
      `Cannot find the config directory: HOME is ${home ? `"${home}", not an absolute path` : 'not set'}.`,
      'Set HOME, or DACTL_CONFIG_DIR to the directory that holds dactl profiles.',
    );
  }
  if (process.platform === 'darwin')
    return usable(join(home, 'Library', 'Preferences', 'dactl'), 'HOME');
  const xdg = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : '';
  return usable(join(xdg || join(home, '.config'), 'dactl'), xdg ? 'XDG_CONFIG_HOME' : 'HOME');
}

// The kernel's own file systems hold no config (and mkdir below /proc never ends in Node).
function usable(dir: string, source: string): string {
  if (/^\/(proc|sys)(\/|$)/.test(dir)) {
    throw new UsageError(
      `${source} puts the config directory at ${dir}, inside a kernel file system.`,
      'Point DACTL_CONFIG_DIR at a directory of your own, e.g. ~/.config/dactl.',
    );
  }
  return dir;
}
