// What `unit apply` does to make a domain match a document, in the order that keeps every
// reference valid: applications first (a route may pass only to one that exists), then the route
// sets; with --prune, route sets the document lacks are deleted before its applications, so no
// route is left passing to a deleted application.
import { sameJson } from './diff.js';
import type { SiteDocument } from './site.js';

type StepKind = 'application' | 'route-set';
type StepAction = 'create' | 'modify' | 'set' | 'delete' | 'none';

export interface Step {
  kind: StepKind;
  /** The application's name, or the route set's (`<domain>` or `<sub>.<domain>`). */
  name: string;
  action: StepAction;
  /** What the panel has now (undefined when nothing), for the diff. */
  before?: unknown;
  /** What is sent: the definition or the route (undefined for a delete). */
  after?: unknown;
}

/** What the domain has now, as the panel and Unit say. */
export interface CurrentSite {
  /** The stored definitions, numbers as numbers. */
  applications: Record<string, Record<string, unknown>>;
  /** The route of each set looked at (stored sets and the document's): Unit's live route. */
  routes: Record<string, unknown[]>;
  /** The route sets the panel stores. */
  stored: readonly string[];
}

export function planSite(site: SiteDocument, now: CurrentSite, prune: boolean): Step[] {
  const has = <T>(record: Record<string, T>, key: string): T | undefined =>
    Object.hasOwn(record, key) ? record[key] : undefined;
  const steps: Step[] = [];
  for (const [name, after] of Object.entries(site.applications)) {
    const before = has(now.applications, name);
    const action = before === undefined ? 'create' : sameJson(before, after) ? 'none' : 'modify';
    steps.push({ kind: 'application', name, action, before, after });
  }
  for (const [name, after] of Object.entries(site.routes)) {
    const before = has(now.routes, name) ?? [];
    // A set Unit runs without the panel's copy is set again, so the panel keeps it.
    const kept = now.stored.includes(name) || after.length === 0;
    const action = kept && sameJson(before, after) ? 'none' : 'set';
    steps.push({ kind: 'route-set', name, action, before, after });
  }
  if (!prune) return steps;
  for (const name of now.stored) {
    if (!Object.hasOwn(site.routes, name)) {
      steps.push({ kind: 'route-set', name, action: 'delete', before: has(now.routes, name) });
    }
  }
  for (const [name, before] of Object.entries(now.applications)) {
    if (!Object.hasOwn(site.applications, name)) {
      steps.push({ kind: 'application', name, action: 'delete', before });
    }
  }
  return steps;
}

/** The applications a plan deletes (routes must not pass to them). */
export const deletedApps = (steps: readonly Step[]): string[] =>
  steps.filter((s) => s.kind === 'application' && s.action === 'delete').map((s) => s.name);
