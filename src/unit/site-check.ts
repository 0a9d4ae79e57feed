// A site document checked by the same rules as `unit app create` and `unit route set`, every
// problem named by its path in the file. Offline first (no application list): what needs no panel
// is refused before anything is asked of it; then with the applications there will be.
import { isRecord } from '../json/record.js';
import { jsonPath } from '../json/path.js';
import { liveName } from './names.js';
import { routeProblems, type RouteScope } from './route-validate.js';
import { under, type SiteDocument } from './site.js';
import { applicationProblems, type Problem } from './validate.js';

/**
 * Every problem of the applications and routes; `sources` are the route set names as the file
 * has them (before a rename), in the same order, so each path points into the file.
 */
export function siteProblems(
  site: SiteDocument,
  scope: Omit<RouteScope, 'domain' | 'user'>,
  sources: readonly string[] = Object.keys(site.routes),
  apps = true,
): Problem[] {
  const problems: Problem[] = [];
  if (apps) {
    for (const [name, app] of Object.entries(site.applications)) {
      const base = jsonPath('applications', name);
      problems.push(...applicationProblems(app, site.user).map((p) => under(base, p)));
    }
  }
  const full: RouteScope = { ...scope, domain: site.domain, user: site.user ?? '' };
  Object.entries(site.routes).forEach(([set, route], i) => {
    const base = jsonPath('routes', sources[i] ?? set);
    problems.push(...routeProblems(route, full).map((p) => under(base, p)));
  });
  return problems;
}

/**
 * What routes may pass to once the document is applied: the applications the panel offers now,
 * less those the document replaces or deletes, plus the document's own (and their targets).
 */
export function offeredAfter(
  offered: readonly string[],
  site: SiteDocument,
  deleted: readonly string[],
): string[] {
  const gone = new Set([...Object.keys(site.applications), ...deleted]);
  const prefix = `${site.domain}_`;
  const kept = offered.filter((entry) => {
    const bare = entry.replace(/^applications\//, '');
    if (!bare.startsWith(prefix)) return true;
    return !gone.has(bare.slice(prefix.length).split('/')[0] ?? '');
  });
  const own = Object.entries(site.applications).flatMap(([name, app]) => {
    const live = liveName(site.domain, name);
    const names = isRecord(app.targets) ? Object.keys(app.targets).map((t) => `${live}/${t}`) : [];
    return [live, ...names];
  });
  return [...kept, ...own];
}
