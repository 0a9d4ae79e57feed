// `dactl api`: any path of the three tiers (spec 1) turned into one PanelRequest, by the rules
// each tier expects. Pure, so the rules are unit-tested without a panel.
import type { Method } from 'got';
import { UsageError } from '../errors.js';
import { MAX_SEND_DEPTH, parseJson } from '../json/parse.js';
import type { Tier } from '../http/decode.js';
import { toJsonObject, toParams, type Field } from '../http/fields.js';
import { tierOf, type PanelRequest } from '../http/transport.js';

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface RawCall {
  path: string;
  /** -X; absent = GET, or POST when there are fields or a body. */
  method?: string;
  fields: readonly Field[];
  /** --input: a body sent as is. */
  input?: string;
  /** Names the input in errors: `--input "body.json"`; default --input. */
  inputName?: string;
  /** Legacy paths get json=yes unless --no-json. */
  legacyJson: boolean;
}

interface RawRequest {
  request: PanelRequest;
  tier: Tier;
}

export function rawRequest(call: RawCall): RawRequest {
  const path = panelPath(call.path);
  const method = chooseMethod(call);
  const tier = tierOf(path);
  const query: Record<string, string> = {};
  // Legacy replies are URL-encoded unless asked for JSON; a json= the user wrote wins.
  const pathQuery = new URLSearchParams(path.split('?')[1] ?? '');
  if (tier === 'legacy' && call.legacyJson && !pathQuery.has('json')) query.json = 'yes';

  const request: PanelRequest = { method, path };
  if (call.input !== undefined) {
    if (method === 'GET')
      throw new UsageError(
        '--input sends a body, which a GET cannot carry.',
        'Add -X POST (or PUT, PATCH).',
      );
    // With a body of its own, fields can only go in the query string (as gh api does).
    Object.assign(query, toParams(call.fields));
    request.body = { text: call.input, type: bodyType(call.input, call.inputName ?? '--input') };
  } else if (method === 'GET') {
    Object.assign(query, toParams(call.fields));
  } else if (call.fields.length > 0) {
    // The new API and the web interface take JSON (spec 1, rule 2); legacy commands take forms.
    if (tier === 'legacy') request.form = toParams(call.fields);
    else request.json = toJsonObject(call.fields);
  }
  if (Object.keys(query).length > 0) request.query = query;
  return { request, tier };
}

/** `CMD_API_SHOW_USERS` → `/CMD_API_SHOW_USERS`; a full URL is refused: the profile gives it. */
export function panelPath(raw: string): string {
  const path = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    throw new UsageError(
      `path "${raw}": give a path on the panel, not a URL.`,
      'The panel address comes from the profile or DACTL_URL, e.g. dactl api /CMD_API_SHOW_USERS.',
    );
  }
  // eslint-disable-next-line no-control-regex
  if (!path || /[\s#\u0000-\u001f\u007f]/.test(path)) {
    throw new UsageError(
      `path "${raw}": must be a path such as /api/db-show/databases or /CMD_API_SHOW_USERS, without spaces or #.`,
    );
  }
  return path.startsWith('/') ? path : `/${path}`;
}

function chooseMethod(call: RawCall): Method {
  if (call.method === undefined) {
    return call.fields.length > 0 || call.input !== undefined ? 'POST' : 'GET';
  }
  const method = call.method.toUpperCase();
  const known = methods.find((m) => m === method);
  if (!known)
    throw new UsageError(`-X/--method "${call.method}": choose one of ${methods.join(', ')}.`);
  return known;
}

/**
 * A body that parses as JSON is sent as JSON; anything else as a form, the panel's other format.
 * JSON nested deeper than dactl sends is refused: the panel's reply may hold it again.
 */
function bodyType(text: string, source: string): string {
  const parsed = parseJson(text, { maxDepth: MAX_SEND_DEPTH });
  if (parsed.ok) return 'application/json';
  if (parsed.error.tooDeep) throw new UsageError(`${source}: ${parsed.error.message}.`);
  return 'application/x-www-form-urlencoded';
}
