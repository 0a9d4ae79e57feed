// Which profiles a fleet run covers: `-p eu1,eu2`, `-p 'prod-*'`, `--all-profiles`, or the same
// in DACTL_PROFILE. One plain name is not a fleet: it runs exactly as a single-panel command.
import { UsageError } from '../errors.js';
import { checkFlag, profileName } from '../validate/settings.js';

const globChars = /[*?[]/;

/** Whether a -p/DACTL_PROFILE value names a fleet (a list or a glob) rather than one profile. */
export const isFleetSelection = (value: string | undefined): boolean =>
  value !== undefined && (value.includes(',') || globChars.test(value));

/** A glob (`*`, `?`, `[a-z]`) as a whole-name regular expression. */
function globRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i] ?? '';
    if (c === '*') source += '.*';
    else if (c === '?') source += '.';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) throw new UsageError(`profile pattern "${glob}": "[" without "]".`);
      const set = glob.slice(i + 1, end).replace(/^!/, '^');
      if (!/^\^?[A-Za-z0-9._-]+$/.test(set))
        throw new UsageError(
          `profile pattern "${glob}": "[${set}]" is not a set of name characters.`,
        );
      source += `[${set}]`;
      i = end;
    } else source += c.replace(/[.\\^$+(){}|]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/**
 * The profiles a selection names, in a stable order (the saved profiles' order for globs, as
 * given for names), each once. A name that is not saved, or a glob matching nothing, is exit 2.
 */
export function selectProfiles(
  selection: string,
  saved: readonly string[],
  flag: string,
): string[] {
  const chosen = new Set<string>();
  for (const part of selection.split(',').map((p) => p.trim())) {
    if (part === '') throw new UsageError(`${flag} "${selection}": an empty name in the list.`);
    if (!globChars.test(part)) {
      checkFlag(flag, part, profileName);
      if (!saved.includes(part)) {
        throw new UsageError(
          `${flag}: no profile named "${part}".`,
          'List the saved profiles with "dactl profile list".',
        );
      }
      chosen.add(part);
      continue;
    }
    const pattern = globRegExp(part);
    const matches = saved.filter((name) => pattern.test(name));
    if (matches.length === 0) {
      throw new UsageError(
        `${flag} "${part}": no saved profile matches.`,
        'List the saved profiles with "dactl profile list".',
      );
    }
    for (const name of matches) chosen.add(name);
  }
  return [...chosen];
}
