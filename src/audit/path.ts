// Where the audit trail is: DACTL_AUDIT_FILE, else dactl/audit.jsonl in the XDG state directory
// ($XDG_STATE_HOME, default ~/.local/state), %LOCALAPPDATA% on Windows. DACTL_AUDIT=off stops it.
import { isAbsolute, join, resolve } from 'node:path';
import { UsageError } from '../errors.js';

export interface TrailPlace {
  file: string;
  /** Whether dactl chose the place (its own directory, made private) or DACTL_AUDIT_FILE did. */
  own: boolean;
}

/** Whether DACTL_AUDIT turns the trail off (off, 0, false, no). */
export const auditOff = (env: NodeJS.ProcessEnv): boolean =>
  /^(off|0|false|no)$/i.test(env.DACTL_AUDIT ?? '');

export function trailPlace(env: NodeJS.ProcessEnv): TrailPlace {
  if (env.DACTL_AUDIT_FILE) return { file: resolve(env.DACTL_AUDIT_FILE), own: false };
  const home = env.HOME;
  if (process.platform === 'win32') {
    const base = env.LOCALAPPDATA ?? join(home ?? '', 'AppData', 'Local');
    return { file: join(base, 'dactl', 'audit.jsonl'), own: true };
  }
  const xdg = env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : '';
  // Without HOME there is no telling whose directory it is; guessing could write another's.
  if (!xdg && (!home || !isAbsolute(home))) {
    throw new UsageError(
      `Cannot find the audit trail: HOME is ${home ? `"${home}", not an absolute path` : 'not set'}.`,
      'Set HOME, XDG_STATE_HOME or DACTL_AUDIT_FILE (DACTL_AUDIT=off records nothing).',
    );
  }
  return {
    file: join(xdg || join(home ?? '', '.local', 'state'), 'dactl', 'audit.jsonl'),
    own: true,
  };
}
