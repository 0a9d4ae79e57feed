// CMD_UNIT action=select_routes (spec row 11, 4.3 rule 3, 7): `domain` is always the parent
// domain; select0, select1, ... name the sets (`<domain>` or `<sub>.<domain>`). For each set the
// panel first clears the live route from Unit:
//   cleared                      → the local copy goes too;
//   failed, the route was absent → the local copy goes anyway;
//   failed for another reason    → the local copy stays (forced by unit/faults.ts).
// Any set kept makes the reply an error that names every set's outcome.
import { failure, success, type Reply } from '../reply.js';
import { notYours, type UnitContext } from './context.js';
import { clearFails } from './faults.js';
import { routeCopy } from './files.js';
import { ownSet } from './route-sets.js';

export function selectRoutes(ctx: UnitContext): Reply {
  const text = 'Cannot delete the routes';
  const { account, domain, model, request, store } = ctx;
  const sets = Object.keys(request.params)
    .filter((k) => /^select\d+$/.test(k))
    .sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)))
    .map((k) => request.params[k] ?? '');
  if (sets.length === 0)
    return failure(400, 'BAD_REQUEST', text, 'No route set was selected (select0, ...)');
  for (const set of sets) {
    if (set !== domain && !set.endsWith(`.${domain}`)) {
      return failure(
        400,
        'BAD_REQUEST',
        text,
        `${set} is neither ${domain} nor one of its subdomains`,
      );
    }
    if (!ownSet(ctx, set)) return notYours();
    const copy = model.files.read(routeCopy(account.username, domain, set));
    if (copy === undefined && !Object.hasOwn(model.live.routes, set)) {
      return failure(404, 'NOT_FOUND', text, `${domain} has no route set ${set}`);
    }
  }
  const said: string[] = [];
  let kept = false;
  for (const set of sets) {
    const live = Object.hasOwn(model.live.routes, set);
    if (live && clearFails(store, set)) {
      kept = true;
      said.push(`${set}: Unit could not clear the route; the local copy is kept`);
      continue;
    }
    Reflect.deleteProperty(model.live.routes, set);
    model.files.remove(routeCopy(account.username, domain, set));
    said.push(live ? `${set}: deleted` : `${set}: not in Unit; the local copy is deleted`);
  }
  model.save();
  const details = said.join('; ');
  // A 4xx: the panel answered, and says what it did; a 5xx would read as the panel failing.
  return kept ? failure(409, 'UNIT_ERROR', text, details) : success('Routes deleted', details);
}
