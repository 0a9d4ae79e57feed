// Where the panel's files and Unit's socket are: a flag, else its environment variable, else the
// panel's own default (layout.ts). An empty variable counts as unset.
import { defaults, envNames } from './layout.js';

type Place = keyof typeof defaults;

export function locate(key: Place, flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const fromEnv = env[envNames[key]];
  return flag ?? (fromEnv !== undefined && fromEnv.trim() !== '' ? fromEnv : defaults[key]);
}
