// CMD_UNIT's application actions (spec rows 5-8): list, create, modify and select (delete).
// The definition travels as the form field `json`; create and modify check it the way Unit
// would, create also that the application was uploaded (home.ts). Stored copies keep numbers as
// numbers; the list shows them as strings, the panel's known quirk (spec 2.4).
import { appName } from '../../unit/names.js';
import { parseJson } from '../../json/parse.js';
import { validateApplication } from '../../unit/validate.js';
import { data, failure, success, type Reply } from '../reply.js';
import type { UnitContext } from './context.js';
import { appCopy } from './files.js';
import { missingUpload } from './home.js';
import { pretty, storedApps, storedRouteSets } from './model.js';

type Json = Record<string, unknown>;

const refused = (status: number, text: string, details: string): Reply =>
  failure(status, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', text, details);

/** GET /CMD_UNIT?domain=D&json=yes: the stored applications and the route sets of a domain. */
export function listUnit({ account, domain, model }: UnitContext): Reply {
  const applications = Object.fromEntries(
    Object.entries(storedApps(model, account.username, domain)).map(([name, app]) => [
      name,
      numbersAsStrings(app),
    ]),
  );
  const routes = storedRouteSets(model, account.username, domain);
  return data({ applications, routes }, 'Nginx Unit');
}

function numbersAsStrings(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(numbersAsStrings);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numbersAsStrings(v)]));
  }
  return value;
}

export function createApp(ctx: UnitContext): Reply {
  const text = 'Cannot create the application';
  const checked = checkRequest(ctx, text);
  if ('kind' in checked) return checked;
  const { name, definition, key } = checked;
  const { account, domain, model } = ctx;
  const copy = appCopy(account.username, domain, name);
  if (model.files.read(copy) !== undefined || Object.hasOwn(model.live.applications, key)) {
    return refused(409, text, `An application named ${name} already exists on ${domain}`);
  }
  const missing = missingUpload(account, definition);
  if (missing !== undefined) return refused(400, text, missing);
  store(ctx, name, definition);
  return success('Application created', key);
}

export function modifyApp(ctx: UnitContext): Reply {
  const text = 'Cannot modify the application';
  const checked = checkRequest(ctx, text);
  if ('kind' in checked) return checked;
  const { name, definition } = checked;
  if (ctx.model.files.read(appCopy(ctx.account.username, ctx.domain, name)) === undefined) {
    return refused(404, text, `${ctx.domain} has no application named ${name}`);
  }
  store(ctx, name, definition);
  return success('Application saved', checked.key);
}

/** Deletes every selected application from Unit and its copy, whichever of them it has. */
export function deleteApps({ account, domain, model, request }: UnitContext): Reply {
  const text = 'Cannot delete the applications';
  const names = Object.keys(request.params)
    .filter((k) => /^select\d+$/.test(k))
    .sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)))
    .map((k) => request.params[k] ?? '');
  if (names.length === 0) return refused(400, text, 'No application was selected (select0, ...)');
  for (const name of names) {
    if (appName(name) !== undefined) return refused(400, text, `Invalid application name ${name}`);
  }
  // Nothing is checked to exist (spec 4.3 rule 1): the local copy may be gone while Unit still
  // runs the application, and what neither has is simply not there afterwards either.
  for (const name of names) {
    Reflect.deleteProperty(model.live.applications, `${domain}_${name}`);
    model.files.remove(appCopy(account.username, domain, name));
  }
  model.save();
  return success('Applications deleted', names.map((n) => `${domain}_${n}`).join(', '));
}

interface Checked {
  name: string;
  definition: Json;
  key: string;
}

function checkRequest({ account, request, domain }: UnitContext, text: string): Checked | Reply {
  const name = request.params.name ?? '';
  const bad = appName(name);
  if (bad !== undefined) return refused(400, text, `Invalid application name "${name}": ${bad}`);
  const parsed = parseJson(request.params.json ?? '');
  if (!parsed.ok) return refused(400, text, `Invalid JSON in "json": ${parsed.error.message}`);
  const definition = parsed.value;
  // What Unit answers a definition it rejects: "Invalid configuration." and the reason.
  const problems = validateApplication(definition);
  if (problems.length > 0)
    return refused(400, text, `Invalid configuration: ${problems.join('; ')}`);
  const runAs = foreignIdentity(definition as Json, account.username);
  if (runAs !== undefined) return refused(400, text, runAs);
  return { name, definition: definition as Json, key: `${domain}_${name}` };
}

// An application runs as its account: the panel refuses any other `user` or `group` (root,
// nobody, another account, ""), which would run code of this account with another's rights.
function foreignIdentity(definition: Json, username: string): string | undefined {
  for (const field of ['user', 'group']) {
    const value = definition[field];
    if (value !== undefined && value !== username) {
      return `The application must run as ${username}: "${field}" is ${JSON.stringify(value)}; set it to "${username}" or leave it out`;
    }
  }
  return undefined;
}

/** Writes the local copy, then Unit's live configuration. */
function store({ account, domain, model }: UnitContext, name: string, definition: Json): void {
  model.files.write(appCopy(account.username, domain, name), pretty(definition));
  model.live.applications[`${domain}_${name}`] = {
    user: account.username,
    domain,
    name,
    definition,
  };
  model.save();
}
