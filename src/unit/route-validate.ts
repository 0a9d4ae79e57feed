// Checks a route set before anything is sent: everything NGINX Unit rejects in a route array
// (its validator's route, match, action and share tables, release 1.35) plus the panel's scope
// rules (route-scope.ts) and the sockets a proxy may not reach (route-socket.ts). Pure: the same
// checks run in dactl, offline, and in the sandbox's panel.
// Each problem names its JSON path: `[2].action.pass: application "x.com_a" belongs to another
// domain`.
import { checkAction } from './route-action.js';
import { isRecord } from '../json/record.js';
import { jsonPath } from '../json/path.js';
import { typeName, unknownKey, type Checker, type RouteScope } from './route-common.js';
import { checkMatch } from './route-match.js';

import { formatProblem, type Problem } from './validate.js';

export type { RouteScope } from './route-common.js';

const stepKeys = ['match', 'action'] as const;

/** Every problem of the route, each as `path: rule`; empty when Unit and the panel accept it. */
export function validateRoute(route: unknown, scope: RouteScope): string[] {
  return routeProblems(route, scope).map(formatProblem);
}

/** Every problem of the route with its JSON path; empty when Unit and the panel accept it. */
export function routeProblems(route: unknown, scope: RouteScope): Problem[] {
  const problems: Problem[] = [];
  const c: Checker = {
    scope,
    problem: (path, message) => {
      problems.push({ path, message });
    },
  };
  if (!Array.isArray(route)) {
    c.problem('', `the route must be a JSON array of steps, not ${typeName(route)}`);
    return problems;
  }
  route.forEach((step: unknown, i) => {
    const path = jsonPath('', i);
    if (!isRecord(step)) {
      c.problem(
        path,
        `each step must be an object {"match": ..., "action": ...}, not ${typeName(step)}`,
      );
      return;
    }
    if (!('action' in step))
      c.problem(jsonPath(path, 'action'), 'required: what to do with the request');
    for (const [key, value] of Object.entries(step)) {
      if (key === 'match') checkMatch(c, value, jsonPath(path, key));
      else if (key === 'action') checkAction(c, value, jsonPath(path, key));
      else unknownKey(c, path, key, 'a step', stepKeys);
    }
  });
  return problems;
}
