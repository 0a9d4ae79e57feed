// The members of a `share` action (Unit's share action table): the paths, `index`, `types`, a
// `fallback` action, `chroot` and the two path-resolution switches. Paths must be Unit templates
// Unit accepts and, by the panel's rule, stay inside the acting user's home.
import { isObject, strings, typeName, type Checker } from './route-common.js';
import { patternProblem } from './route-match.js';
import { escapeProblem, homeProblem } from './route-scope.js';
import { isTemplate, templateProblem } from './route-vars.js';

export const shareMembers = [
  'share',
  'index',
  'types',
  'fallback',
  'chroot',
  'follow_symlinks',
  'traverse_mounts',
] as const;

export type ActionCheck = (c: Checker, action: unknown, path: string) => void;

/** Checks one member of a share action; `checkAction` checks the fallback. */
export function checkShareMember(
  c: Checker,
  key: (typeof shareMembers)[number],
  value: unknown,
  path: string,
  checkAction: ActionCheck,
  action: Readonly<Record<string, unknown>>,
): void {
  switch (key) {
    case 'share':
      strings(
        c,
        value,
        path,
        (text, where) => {
          sharedPath(c, text, where, action.chroot);
        },
        true,
      );
      return;
    case 'chroot':
      if (typeof value === 'string') sharedPath(c, value, path, value);
      else c.problem(path, `must be a string, not ${typeName(value)}`);
      return;
    case 'index':
      if (typeof value !== 'string') c.problem(path, `must be a string, not ${typeName(value)}`);
      else if (value.includes('\u0000')) c.problem(path, 'must not contain a NUL character');
      return;
    case 'types':
      strings(c, value, path, (text, where) => {
        const bad = patternProblem(text, false);
        if (bad !== undefined) c.problem(where, bad);
      });
      return;
    case 'fallback':
      // Any action, itself possibly a share with its own fallback.
      if (isObject(value)) checkAction(c, value, path);
      else c.problem(path, `must be an action object, not ${typeName(value)}`);
      return;
    case 'follow_symlinks':
    case 'traverse_mounts':
      if (typeof value !== 'boolean')
        c.problem(path, `must be true or false, not ${typeName(value)}`);
  }
}

function sharedPath(c: Checker, text: string, path: string, chroot: unknown): void {
  const { user } = c.scope;
  const bad =
    (isTemplate(text) ? templateProblem(text) : undefined) ??
    homeProblem(text, user) ??
    escapeProblem(text, user, chroot);
  if (bad !== undefined) c.problem(path, bad);
}
