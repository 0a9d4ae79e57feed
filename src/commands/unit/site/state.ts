// What a domain has now, read from the panel the way `unit app list` and `unit route show` read
// it: the stored applications (numbers as numbers), and for each route set Unit's live route.
import type { Context } from '../../../context.js';
import { normaliseNumbers } from '../../../unit/validate.js';
import { subdomainOf } from '../../../unit/site.js';
import type { CurrentSite } from '../../../unit/site-plan.js';
import { fetchListing } from '../app/_shared/shared.js';
import { fetchSettings } from '../route/_shared/shared.js';

export interface ReadSite extends CurrentSite {
  /** What routes may pass to now (`da_settings.applications`); [] when no set was read. */
  offered: string[];
}

/** The domain's state; `alsoSets` are route sets to read besides the stored ones. */
export async function readCurrent(
  ctx: Context,
  domain: string,
  user: string,
  alsoSets: readonly string[] = [],
): Promise<ReadSite> {
  const listing = await fetchListing(ctx, domain, user);
  const applications = Object.fromEntries(
    Object.entries(listing.applications).map(([name, app]) => [name, normaliseNumbers(app)]),
  );
  const routes: Record<string, unknown[]> = {};
  let offered: string[] = [];
  const own = (set: string): boolean => set === domain || set.endsWith(`.${domain}`);
  for (const set of new Set([...listing.routes, ...alsoSets].filter(own))) {
    const subdomain = subdomainOf(set, domain);
    const target = subdomain === undefined ? { domain, set } : { domain, subdomain, set };
    const settings = await fetchSettings(ctx, target, user);
    routes[set] = settings.route;
    offered = settings.applications;
  }
  return { applications, routes, stored: listing.routes.filter(own), offered };
}
