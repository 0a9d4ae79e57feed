// `unit doctor --remote`: what the panel's API shows without access to its server. The list
// (row 5) gives the stored applications and route sets; route_create (row 9) gives, per set, the
// route Unit runs and the applications Unit runs for the domain. So drift is seen by presence
// only (definitions cannot be compared), plus routes that pass to an application Unit lacks.
import type { RouteSettings } from '../api/unit-routes.js';
import type { UnitListing } from '../api/unit.js';
import { ok, type Finding } from './findings.js';
import { liveApp } from './layout.js';
import { probeFindings } from './probe.js';

interface RemoteApi {
  list(domain: string): Promise<UnitListing>;
  /** route_create for the domain's own set (subdomain undefined) or a subdomain's. */
  settings(domain: string, subdomain?: string): Promise<RouteSettings>;
}

export async function remoteDoctor(
  api: RemoteApi,
  user: string,
  domain: string,
  probe?: { address?: string },
): Promise<Finding[]> {
  const listing = await api.list(domain);
  const own = await api.settings(domain);
  const liveApps = new Set(own.applications.filter((a) => !a.includes('/')));
  const base = { user, domain };
  const out: Finding[] = [];
  const sync = `dactl unit sync on the panel's server, or ask its admin (a rewrite of Unit's configuration)`;
  for (const name of Object.keys(listing.applications).sort()) {
    const key = liveApp(domain, name);
    out.push(
      liveApps.delete(key)
        ? ok({ ...base, check: 'app', item: name, detail: `Unit runs ${key}.` })
        : {
            ...base,
            check: 'app',
            item: name,
            status: 'fail',
            detail: `Missing live: Unit does not run ${key}.`,
            fix: sync,
          },
    );
  }
  for (const key of [...liveApps].sort()) {
    const name = key.slice(domain.length + 1);
    out.push({
      ...base,
      check: 'app',
      item: name,
      status: 'fail',
      detail: `Live only (left over): Unit runs ${key} but the panel has no local copy of it.`,
      fix: `dactl unit app delete ${name} --domain ${domain}`,
    });
  }
  const offered = new Set(own.applications);
  const live = new Map<string, boolean>();
  for (const set of [...listing.routes].sort()) {
    const sub = set === domain ? undefined : set.slice(0, -(domain.length + 1));
    const { route } = sub === undefined ? own : await api.settings(domain, sub);
    live.set(set, route.length > 0);
    const item = { ...base, check: 'route' as const, item: set };
    if (route.length === 0) {
      out.push({
        ...item,
        status: 'fail',
        detail: 'Missing live: Unit runs no route for this set.',
        fix: sync,
      });
      continue;
    }
    const lacking = passes(route).filter((p) => !offered.has(p));
    out.push(
      lacking.length === 0
        ? ok({ ...item, detail: 'Unit runs a route for this set.' })
        : {
            ...item,
            status: 'fail',
            detail: `The route passes to ${lacking.map((l) => `applications/${l}`).join(', ')}, which Unit does not run.`,
            fix: sync,
          },
    );
  }
  if (probe) {
    const targets = [...live].map(([set, isLive]) => ({ user, domain, set, live: isLive }));
    out.push(...(await probeFindings(targets, probe.address)));
  }
  return out;
}

/** The applications a route passes to (`applications/<name>[/<target>]`), anywhere in it. */
function passes(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(passes);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === 'pass' && typeof v === 'string' && v.startsWith('applications/')
      ? [v.slice(13)]
      : passes(v),
  );
}
