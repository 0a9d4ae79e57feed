// CMD_UNIT (spec rows 5-8, 4.1; facts page "CMD_UNIT"): a domain's Unit applications. The panel
// reads parameters from the query and the body alike; dactl sends `json=yes` in the query and the
// rest as form fields, since the application definition itself travels in a field named `json`.
// Route actions (rows 9-11) live in unit-routes.ts and share listUnit and unitError.
import { AuthError } from '../errors.js';
import type { Client, PanelRequest } from '../http/transport.js';
import { isRecord } from '../json/record.js';
import { unexpected } from './shape.js';

export type AppDefinition = Record<string, unknown>;

/** Row 5: what the panel stores for a domain. */
export interface UnitListing {
  /** By application name: the stored definitions, numbers as strings (spec 2.4). */
  applications: Record<string, AppDefinition>;
  /** The route sets that exist: `<domain>` and/or `<sub>.<domain>`. */
  routes: string[];
}

const path = '/CMD_UNIT';
const query = { json: 'yes' };

export async function listUnit(client: Client, domain: string): Promise<UnitListing> {
  return checkListing(await client.send({ method: 'GET', path, query: { domain, ...query } }));
}

export function checkListing(reply: unknown): UnitListing {
  if (!isRecord(reply)) throw unexpected('the application list', reply);
  // An empty collection may come as [] from the panel's JSON writer.
  const apps =
    Array.isArray(reply.applications) && reply.applications.length === 0 ? {} : reply.applications;
  if (!isRecord(apps)) throw unexpected('the application list', reply);
  const applications: Record<string, AppDefinition> = {};
  for (const [name, definition] of Object.entries(apps)) {
    if (!isRecord(definition)) throw unexpected('the application list', reply);
    applications[name] = definition;
  }
  const routes = isRecord(reply.routes) ? Object.keys(reply.routes) : (reply.routes ?? []);
  if (!Array.isArray(routes) || !routes.every((r) => typeof r === 'string')) {
    throw unexpected('the application list', reply);
  }
  return { applications, routes };
}

/** Row 6: POST domain, action=create, name, json. */
export function createAppRequest(domain: string, name: string, app: AppDefinition): PanelRequest {
  return appRequest('create', domain, name, app);
}

/** Row 7: the whole new definition replaces the stored one. */
export function modifyAppRequest(domain: string, name: string, app: AppDefinition): PanelRequest {
  return appRequest('modify', domain, name, app);
}

function appRequest(
  action: string,
  domain: string,
  name: string,
  app: AppDefinition,
): PanelRequest {
  return { method: 'POST', path, query, form: { domain, action, name, json: JSON.stringify(app) } };
}

/** Row 8: action=select with select0, select1, ...: several applications in one request. */
export function deleteAppsRequest(domain: string, names: readonly string[]): PanelRequest {
  const form: Record<string, string> = { domain, action: 'select' };
  names.forEach((name, i) => (form[`select${String(i)}`] = name));
  return { method: 'POST', path, query, form };
}

/** The panel's words of success (`{"success": ..., "result": ...}`). */
export function checkUnitReply(reply: unknown, what: string): string {
  if (isRecord(reply) && typeof reply.success === 'string') {
    const result = typeof reply.result === 'string' ? reply.result.trim() : '';
    return result && result !== reply.success ? `${reply.success}: ${result}` : reply.success;
  }
  throw unexpected(what, reply);
}

/**
 * A permission refusal on CMD_UNIT (the login itself was fine: a failed login carries its own
 * hint) means the acting user does not own the domain, or may not use the module.
 */
export function unitError(error: unknown, domain: string, user: string): unknown {
  if (error instanceof AuthError && error.hint === undefined) {
    return new AuthError(
      `The panel does not let ${user} manage the Unit applications of ${domain} (${error.message}).`,
      `Check --domain: it must be a domain of ${user}. An admin or reseller acting for a user adds --as <user>; the module must also be enabled for the account (appserver_unit).`,
    );
  }
  return error;
}
