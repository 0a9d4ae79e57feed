// CMD_UNIT (user): the Nginx Unit module. One command, many actions, chosen by `action` (none
// lists); each action is one function in ../unit/. Every action acts on a domain of the acting
// account, so `admin|fred` manages fred's applications and nobody sees another user's. A domain
// that is not the account's is refused with 403, as for a permission, without saying whether it
// exists.
import { failure } from '../reply.js';
import type { Handler } from '../route.js';
import { createApp, deleteApps, listUnit, modifyApp } from '../unit/apps.js';
import { notYours, type UnitAction } from '../unit/context.js';
import { routeCreate } from '../unit/route-create.js';
import { selectRoutes } from '../unit/route-delete.js';
import { setRoute } from '../unit/route-set.js';
import { unitModel } from '../unit/model.js';

const actions: Readonly<Record<string, UnitAction>> = {
  '': listUnit,
  create: createApp,
  modify: modifyApp,
  select: deleteApps,
  // Routes (spec rows 9-11).
  route_create: routeCreate,
  set_route: setRoute,
  select_routes: selectRoutes,
};

export const cmdUnit: Handler = (ctx) => {
  const { account, request, store } = ctx;
  const action = request.params.action ?? '';
  const run = Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (run === undefined) {
    return failure(400, 'BAD_REQUEST', 'Unknown action', `CMD_UNIT has no action "${action}"`);
  }
  const domain = request.params.domain ?? '';
  if (domain === '') return failure(400, 'BAD_REQUEST', 'Missing domain', 'Pass domain=<domain>');
  if (!account.domains.includes(domain)) return notYours();
  return run({ ...ctx, domain, model: unitModel(store) });
};
