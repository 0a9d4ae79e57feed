// CMD_UNIT action=route_create (spec row 9, 4.2): what the panel's route editor starts from: the
// applications a route may pass to, the actions with a short description each, and the route
// Unit runs for the domain or subdomain now ([] when none; Unit's live state is authoritative).
import { data, type Reply } from '../reply.js';
import type { UnitContext } from './context.js';
import { offeredApplications, requestedSet } from './route-sets.js';

const actions = {
  pass: 'Pass the request to an application: applications/<domain>_<name>',
  proxy: 'Proxy the request to an HTTP server: http://<address>:<port> or http://unix:<path>',
  return: 'Answer with an HTTP status code; with "location", a redirect',
  share: 'Serve static files from a directory inside your home',
};

export function routeCreate(ctx: UnitContext): Reply {
  const set = requestedSet(ctx, 'Cannot open the route editor');
  if ('kind' in set) return set;
  const { model, domain } = ctx;
  const live = Object.hasOwn(model.live.routes, set.name) ? model.live.routes[set.name] : undefined;
  return data(
    {
      da_settings: { applications: offeredApplications(model, domain), actions },
      route: live?.route ?? [],
    },
    'Create a route',
  );
}
