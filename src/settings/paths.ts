import { homedir } from 'node:os';
import { join } from 'node:path';

/** DACTL_CONFIG_DIR, else the OS config directory's `dactl` folder. */
export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.DACTL_CONFIG_DIR) return env.DACTL_CONFIG_DIR;
  const home = env.HOME ?? homedir();
  if (process.platform === 'win32')
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'dactl');
  if (process.platform === 'darwin') return join(home, 'Library', 'Preferences', 'dactl');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'dactl');
}
