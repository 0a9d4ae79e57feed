// CMD_UNIT's route actions (spec rows 9-11, 4.2, 4.3): a route set belongs to a domain
// (`<domain>`) or to one of its subdomains (`<sub>.<domain>`), and is the JSON array Unit runs.
// Encoding as for applications (unit.ts): `json=yes` in the query, the rest as form fields; the
// route travels as a JSON string in the field `routes`.
import type { Client, PanelRequest } from '../http/transport.js';
import { parseJson } from '../json/parse.js';
import { isRecord } from '../json/record.js';
import { unexpected } from './shape.js';

const path = '/CMD_UNIT';
const query = { json: 'yes' };

/** Row 9: what the route editor of the panel starts from. */
export interface RouteSettings {
  /** The applications a route may pass to (`da_settings.applications`). */
  applications: string[];
  /** The actions a step may take, each with the panel's short description. */
  actions: Record<string, string>;
  /** The route currently set; [] when none. */
  route: unknown[];
}

export async function getRouteSettings(
  client: Client,
  domain: string,
  subdomain?: string,
): Promise<RouteSettings> {
  const reply = await client.send({
    method: 'GET',
    path,
    query: {
      domain,
      ...(subdomain === undefined ? {} : { subdomain }),
      action: 'route_create',
      ...query,
    },
  });
  return checkRouteSettings(reply);
}

export function checkRouteSettings(reply: unknown): RouteSettings {
  const bad = (): Error => unexpected('the route settings', reply);
  // da_settings is what tells this reply from any other record (a URL-encoded error page).
  if (!isRecord(reply) || !isRecord(reply.da_settings)) throw bad();
  const settings = reply.da_settings;
  // Empty collections may come as [] from the panel's JSON writer, and lists as objects.
  const apps = settings.applications ?? [];
  const applications = Array.isArray(apps) ? apps : isRecord(apps) ? Object.keys(apps) : undefined;
  if (applications === undefined || !applications.every((a) => typeof a === 'string')) throw bad();
  const rawActions = Array.isArray(settings.actions) ? {} : (settings.actions ?? {});
  if (!isRecord(rawActions)) throw bad();
  const actions = Object.fromEntries(
    Object.entries(rawActions).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  let route: unknown = reply.route ?? [];
  // A panel may hand the stored route back as the JSON text it keeps.
  if (typeof route === 'string') {
    const parsed = parseJson(route.trim() === '' ? '[]' : route);
    if (!parsed.ok) throw bad();
    route = parsed.value;
  }
  if (!Array.isArray(route)) throw bad();
  return { applications, actions, route };
}

/** Row 10: the whole route set replaces the stored one. */
export function setRouteRequest(
  domain: string,
  subdomain: string | undefined,
  route: readonly unknown[],
): PanelRequest {
  const form: Record<string, string> = { action: 'set_route', domain };
  if (subdomain !== undefined) form.subdomain = subdomain;
  form.routes = JSON.stringify(route);
  return { method: 'POST', path, query, form };
}

/** Row 11: `domain` is always the parent domain; the sets are `<domain>` or `<sub>.<domain>`. */
export function deleteRoutesRequest(domain: string, sets: readonly string[]): PanelRequest {
  const form: Record<string, string> = { action: 'select_routes', domain };
  sets.forEach((set, i) => (form[`select${String(i)}`] = set));
  return { method: 'POST', path, query, form };
}
