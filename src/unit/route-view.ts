// How the route commands show a route: one row per step, and whether it sends every request to
// the application server (spec 2.6: then the ACME challenge path must be excluded elsewhere).
import { actionKind } from './route-action.js';
import { isRecord } from '../json/record.js';

/** A step's raw match and action (TSV prints them as JSON); the table describes them. */
export interface StepRow {
  step: number;
  match: unknown;
  action: unknown;
}

const show = (v: unknown): string =>
  typeof v === 'string' ? v : Array.isArray(v) ? v.map(show).join(' | ') : JSON.stringify(v);

export function stepRows(route: readonly unknown[]): StepRow[] {
  return route.map((step, i) => {
    const s = isRecord(step) ? step : {};
    return { step: i, match: s.match ?? null, action: s.action ?? null };
  });
}

/** `uri=/a/* | /b, method=GET`, or `(any request)`. */
export function describeMatch(match: unknown): string {
  const conditions = Object.entries(isRecord(match) ? match : {}).map(
    ([k, v]) => `${k}=${show(v)}`,
  );
  return conditions.length === 0 ? '(any request)' : conditions.join(', ');
}

export function describeAction(action: unknown): string {
  const kind = actionKind(action);
  if (kind === undefined || !isRecord(action)) return JSON.stringify(action ?? null);
  const target = show(action[kind]);
  switch (kind) {
    case 'return':
      return typeof action.location === 'string'
        ? `return ${target} → ${action.location}`
        : `return ${target}`;
    case 'share':
      return action.fallback === undefined
        ? `share ${target}`
        : `share ${target}, else ${describeAction(action.fallback)}`;
    default:
      return `${kind} ${target}`;
  }
}

/** A step that matches every request: no conditions, or only `uri: "*"`. */
function catchAll(step: unknown): boolean {
  if (!isRecord(step)) return false;
  if (step.match === undefined) return true;
  if (!isRecord(step.match)) return false;
  const keys = Object.keys(step.match);
  if (keys.length === 0) return true;
  const uri = step.match.uri;
  // In an array, a negation ("!/admin/*") narrows the match even next to "*".
  const every =
    Array.isArray(uri) &&
    uri.includes('*') &&
    !uri.some((p) => typeof p === 'string' && p.startsWith('!'));
  return keys.length === 1 && (uri === '*' || every);
}

/** Whether the first step that catches everything passes or proxies to an application. */
export function sendsEverythingToApp(route: readonly unknown[]): boolean {
  const step = route.find(catchAll);
  if (!isRecord(step)) return false;
  const kind = actionKind(step.action);
  return kind === 'pass' || kind === 'proxy';
}

export const acmeReminder =
  'Reminder: this route sends every request to the application server; exclude /.well-known/acme-challenge in the web server’s custom configuration, above other redirects, so certificates can still be issued.';
