// The members of a `share` action (Unit's share action table): the paths, `index`, `types`, a
// `fallback` action, `chroot` and the two path-resolution switches. Paths must be Unit templates
// Unit accepts and, by the panel's rule, stay inside the acting user's home.
import { isRecord } from '../json/record.js';
import { strings, typeName, type Checker } from './route-common.js';
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

type ActionCheck = (c: Checker, action: unknown, path: string) => void;

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
      // Its variables may come from the request: Unit serves only a file whose share path starts
      // with the chroot's text (nxt_http_static_chroot_match), so a chroot narrows what a share,
      // checked on its own, serves and never widens it.
      if (typeof value === 'string') inHome(c, value, path);
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
      if (isRecord(value)) checkAction(c, value, path);
      else c.problem(path, `must be an action object, not ${typeName(value)}`);
      return;
    case 'follow_symlinks':
    case 'traverse_mounts':
      if (typeof value !== 'boolean')
        c.problem(path, `must be true or false, not ${typeName(value)}`);
  }
}

/** A share path: inside the home, and no request variable may lead out of it. */
function sharedPath(c: Checker, text: string, path: string, chroot: unknown): void {
  if (inHome(c, text, path)) {
    const bad = escapeProblem(text, c.scope.user, chroot);
    if (bad !== undefined) c.problem(path, bad);
  }
}

/** A template Unit accepts whose fixed part is inside the home; false after a problem. */
function inHome(c: Checker, text: string, path: string): boolean {
  const bad =
    (isTemplate(text) ? templateProblem(text) : undefined) ?? homeProblem(text, c.scope.user);
  if (bad !== undefined) c.problem(path, bad);
  return bad === undefined;
}
