// Unit's live configuration as its control API shows it ({listeners, routes, applications}),
// built from the sandbox's live state, and written back after a PUT or DELETE. The live state
// keys applications by `<domain>_<app>` and routes by set name (`<domain>` or `<sub>.<domain>`);
// the owner of a name put in by hand is the account holding its domain ('' when none does).
import type { SandboxState, UnitState } from '../state.js';
import { isRecord } from '../../json/record.js';

type Json = Record<string, unknown>;

interface UnitConfig {
  listeners: Json;
  routes: Record<string, unknown>;
  applications: Record<string, unknown>;
}

/** Listeners are not part of the saved state: they follow directadmin.conf at each rewrite. */
const listenersOf = new WeakMap<UnitState, Json>();

export function setListeners(live: UnitState, listeners: Json): void {
  listenersOf.set(live, listeners);
}

export function configOf(live: UnitState): UnitConfig {
  return structuredClone({
    listeners: listenersOf.get(live) ?? {},
    routes: Object.fromEntries(Object.entries(live.routes).map(([k, r]) => [k, r.route])),
    applications: Object.fromEntries(
      Object.entries(live.applications).map(([k, a]) => [k, a.definition]),
    ),
  });
}

/** Why Unit would refuse this configuration; undefined when it takes it. */
export function refusal(config: unknown): string | undefined {
  if (!isRecord(config)) return 'The configuration must be an object.';
  for (const key of Object.keys(config)) {
    if (!['listeners', 'routes', 'applications', 'settings'].includes(key)) {
      return `Unknown parameter "${key}".`;
    }
  }
  const { listeners = {}, routes = {}, applications = {} } = config;
  if (!isRecord(listeners)) return 'The "listeners" value must be an object.';
  if (!isRecord(routes)) return 'The "routes" value must be an object.';
  if (!isRecord(applications)) return 'The "applications" value must be an object.';
  for (const [name, route] of Object.entries(routes)) {
    if (!Array.isArray(route)) return `The "routes/${name}" value must be an array.`;
  }
  for (const [name, app] of Object.entries(applications)) {
    if (!isRecord(app)) return `The "applications/${name}" value must be an object.`;
  }
  return undefined;
}

/** Replaces the live state with `config` (already checked by refusal()). */
export function applyConfig(state: SandboxState, live: UnitState, config: Partial<UnitConfig>) {
  const owner = (domain: string): string =>
    state.accounts.find((a) => a.domains.includes(domain))?.username ?? '';
  const domainOfSet = (set: string): string =>
    state.accounts.flatMap((a) => a.domains).find((d) => set === d || set.endsWith(`.${d}`)) ?? set;
  live.applications = {};
  for (const [key, definition] of Object.entries(config.applications ?? {})) {
    const cut = key.indexOf('_');
    const domain = cut < 0 ? '' : key.slice(0, cut);
    live.applications[key] = {
      user: owner(domain),
      domain,
      name: key.slice(cut + 1),
      definition: definition as Json,
    };
  }
  live.routes = {};
  for (const [set, route] of Object.entries(config.routes ?? {})) {
    const domain = domainOfSet(set);
    live.routes[set] = { user: owner(domain), domain, route: route as unknown[] };
  }
  listenersOf.set(live, config.listeners ?? {});
}
