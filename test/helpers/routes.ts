// Fixtures for the route checks: fred's domain, offline (no application list) and online.
import { validateRoute, type RouteScope } from '../../src/unit/route-validate.js';

export const offline: RouteScope = { domain: 'fred.example', user: 'fred' };

export const online: RouteScope = {
  ...offline,
  applications: ['fred.example_app', 'fred.example_api', 'fred.example_api/admin'],
};

/** A one-step route. */
const oneStep = (action: unknown, match?: unknown): unknown[] => [
  match === undefined ? { action } : { match, action },
];

/** The problems of a one-step route. */
export const problemsOf = (action: unknown, match?: unknown, scope = offline): string[] =>
  validateRoute(oneStep(action, match), scope);

/** The problems of a one-step route that matches on `match` and returns 204. */
export const matchProblems = (match: unknown): string[] => problemsOf({ return: 204 }, match);
