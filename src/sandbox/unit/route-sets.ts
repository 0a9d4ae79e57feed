// What the CMD_UNIT route actions share: which route set a request names, and the applications
// of a domain that routes may pass to.
import { domainName, routeSetName } from '../../unit/names.js';
import { failure, type Reply } from '../reply.js';
import { notYours, type UnitContext } from './context.js';
import type { UnitModel } from './model.js';
import { isRecord } from '../../json/record.js';

interface RequestedSet {
  /** `<domain>` or `<sub>.<domain>`. */
  name: string;
  subdomain?: string;
}

/**
 * `domain` plus the optional `subdomain` (its label; `sub.domain` is taken too); a set Unit runs
 * for another account or domain is refused.
 */
export function requestedSet(ctx: UnitContext, text: string): RequestedSet | Reply {
  const { request, domain } = ctx;
  const given = request.params.subdomain ?? '';
  if (given === '') return ownSet(ctx, domain) ? { name: domain } : notYours();
  const label = given.endsWith(`.${domain}`) ? given.slice(0, -(domain.length + 1)) : given;
  const bad = label === '' ? 'is empty' : domainName(`${label}.${domain}`);
  if (bad !== undefined) {
    return failure(400, 'BAD_REQUEST', text, `Invalid subdomain "${given}": ${bad}`);
  }
  const name = routeSetName(domain, label);
  return ownSet(ctx, name) ? { name, subdomain: label } : notYours();
}

/**
 * Whether Unit's route set of this name, if any, is the account's for this domain. Set names are
 * global in Unit, and `shop.fred.example` may be fred's subdomain set and the domain set of
 * another account whose domain predates the panel's refusal of such domains.
 */
export function ownSet({ account, domain, model }: UnitContext, name: string): boolean {
  const live = Object.hasOwn(model.live.routes, name) ? model.live.routes[name] : undefined;
  return live === undefined || (live.user === account.username && live.domain === domain);
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
      const names = isRecord(targets) ? Object.keys(targets).map((t) => `${key}/${t}`) : [];
      return [key, ...names];
    })
    .sort();
}
