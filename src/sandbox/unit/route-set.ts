// CMD_UNIT action=set_route (spec row 10, 4.3 rule 2): the whole route set in the form field
// `routes`, checked the way the panel does (2.5 rule 3: Unit's rules, plus no application of
// another user or domain, no shared path outside the user's home, and no proxy to a socket that
// commands the server or lies in another home), then written to the local copy and to Unit. A
// subdomain's set is separate from its domain's.
import { validateRoute } from '../../unit/route-validate.js';
import { parseJson } from '../../json/parse.js';
import { failure, success, type Reply } from '../reply.js';
import type { UnitContext } from './context.js';
import { routeCopy } from './files.js';
import { pretty } from './model.js';
import { offeredApplications, requestedSet } from './route-sets.js';

export function setRoute(ctx: UnitContext): Reply {
  const text = 'Cannot save the route';
  const set = requestedSet(ctx, text);
  if ('kind' in set) return set;
  const { account, domain, model, request } = ctx;
  const parsed = parseJson(request.params.routes ?? '');
  if (!parsed.ok) {
    return failure(400, 'BAD_REQUEST', text, `Invalid JSON in "routes": ${parsed.error.message}`);
  }
  const route = parsed.value;
  const problems = validateRoute(route, {
    domain,
    user: account.username,
    applications: offeredApplications(model, domain),
    controlSocket: model.controlSocket,
  });
  if (problems.length > 0 || !Array.isArray(route)) {
    // What Unit answers a configuration it rejects: "Invalid configuration." and the reason.
    return failure(400, 'BAD_REQUEST', text, `Invalid configuration: ${problems.join('; ')}`);
  }
  model.files.write(routeCopy(account.username, domain, set.name), pretty(route));
  model.live.routes[set.name] = { user: account.username, domain, route };
  model.save();
  return success('Route saved', set.name);
}
