// What the CMD_UNIT route actions share: which route set a request names, and the applications
// of a domain that routes may pass to.
import { routeSetName } from '../../api/unit-routes.js';
import { domainName } from '../../unit/names.js';
import { failure, type Reply } from '../reply.js';
import type { UnitContext } from './context.js';
import type { UnitModel } from './model.js';

export interface RequestedSet {
  /** `<domain>` or `<sub>.<domain>`. */
  name: string;
  subdomain?: string;
}

/** `domain` plus the optional `subdomain` (its label; `sub.domain` is taken too). */
export function requestedSet({ request, domain }: UnitContext, text: string): RequestedSet | Reply {
  const given = request.params.subdomain ?? '';
  if (given === '') return { name: domain };
  const label = given.endsWith(`.${domain}`) ? given.slice(0, -(domain.length + 1)) : given;
  const bad = label === '' ? 'is empty' : domainName(`${label}.${domain}`);
  if (bad !== undefined) {
    return failure(400, 'BAD_REQUEST', text, `Invalid subdomain "${given}": ${bad}`);
  }
  return { name: routeSetName(domain, label), subdomain: label };
}

/**
 * What a route of `domain` may pass to: the live name of each application Unit runs for it, and
 * `<name>/<target>` for each target of an application that has targets.
 */
export function offeredApplications(model: UnitModel, domain: string): string[] {
  return Object.entries(model.live.applications)
    .filter(([, app]) => app.domain === domain)
    .flatMap(([key, app]) => {
      const targets = app.definition.targets;
      const names =
        typeof targets === 'object' && targets !== null && !Array.isArray(targets)
          ? Object.keys(targets).map((t) => `${key}/${t}`)
          : [];
      return [key, ...names];
    })
    .sort();
}
