// A step's `action` (Unit's action tables): exactly one of pass, proxy, return or share, the
// members that kind allows, and `rewrite` / `response_headers`, which every kind allows.
import { proxyProblem } from './route-address.js';
import { isRecord } from '../json/record.js';
import { jsonPath } from '../json/path.js';
import { quoted, typeName, unknownKey, type Checker } from './route-common.js';
import { checkPass } from './route-scope.js';
import { checkShareMember, shareMembers } from './route-share.js';
import { socketProblem } from './route-socket.js';
import { isTemplate, templateProblem } from './route-vars.js';

export const actionKinds = ['pass', 'proxy', 'return', 'share'] as const;
type ActionKind = (typeof actionKinds)[number];

const common = ['rewrite', 'response_headers'] as const;

const members: Readonly<Record<ActionKind, readonly string[]>> = {
  pass: ['pass', ...common],
  proxy: ['proxy', ...common],
  return: ['return', 'location', ...common],
  share: [...shareMembers, ...common],
};

/** The kind of an action object, when it has exactly one. */
export const actionKind = (action: unknown): ActionKind | undefined => {
  if (!isRecord(action)) return undefined;
  const present = actionKinds.filter((k) => k in action);
  return present.length === 1 ? present[0] : undefined;
};

export function checkAction(c: Checker, action: unknown, path: string): void {
  if (!isRecord(action)) {
    c.problem(path, `must be an object, not ${typeName(action)}`);
    return;
  }
  const present = actionKinds.filter((k) => k in action);
  const kind = present[0];
  if (kind === undefined || present.length > 1) {
    const found = present.length > 1 ? `, not ${quoted(present).replace(/ or /, ' and ')}` : '';
    c.problem(path, `must have exactly one of ${quoted(actionKinds)}${found}`);
    return;
  }
  const allowed = members[kind];
  for (const [key, value] of Object.entries(action)) {
    const at = jsonPath(path, key);
    if (!allowed.includes(key)) {
      if (key === 'location') c.problem(at, 'is allowed only with "return"');
      else unknownKey(c, path, key, `a "${kind}" action`, allowed);
      continue;
    }
    checkMember(c, key, value, at, action);
  }
}

function checkMember(
  c: Checker,
  key: string,
  value: unknown,
  at: string,
  action: Readonly<Record<string, unknown>>,
): void {
  const text = (then: (s: string) => void): void => {
    if (typeof value === 'string') then(value);
    else c.problem(at, `must be a string, not ${typeName(value)}`);
  };
  switch (key) {
    case 'pass':
      text((s) => {
        checkPass(c, s, at);
      });
      return;
    case 'proxy':
      text((s) => {
        // Unit's grammar first; then dactl's policy on the sockets a route may reach.
        const bad = proxyProblem(s) ?? socketProblem(s, c.scope);
        if (bad !== undefined) c.problem(at, bad);
      });
      return;
    case 'return':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 999) {
        c.problem(at, 'must be an HTTP status: an integer from 0 to 999');
      }
      return;
    case 'location':
    case 'rewrite':
      text((s) => {
        const bad = isTemplate(s) ? templateProblem(s) : undefined;
        if (bad !== undefined) c.problem(at, bad);
      });
      return;
    case 'response_headers':
      checkHeaders(c, value, at);
      return;
    default:
      checkShareMember(c, key as (typeof shareMembers)[number], value, at, checkAction, action);
  }
}

// Control characters other than tab would split the header (response splitting).
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** `response_headers`: header name → value (a template string) or null to remove it. */
function checkHeaders(c: Checker, value: unknown, path: string): void {
  if (!isRecord(value)) {
    c.problem(path, `must be an object of header name → value, not ${typeName(value)}`);
    return;
  }
  for (const [name, item] of Object.entries(value)) {
    const at = jsonPath(path, name);
    if (name === '') c.problem(path, 'header names must not be empty');
    else if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) {
      c.problem(at, "is not a valid header name (letters, digits and !#$%&'*+-.^_`|~ only)");
    } else if (name.toLowerCase() === 'content-length') {
      c.problem(at, 'Unit does not let a route set Content-Length');
    } else if (item === null) {
      continue;
    } else if (typeof item !== 'string') {
      c.problem(at, `must be a string, or null to remove the header, not ${typeName(item)}`);
    } else if (controlChars.test(item)) {
      c.problem(at, 'must not contain control characters');
    } else {
      const bad = isTemplate(item) ? templateProblem(item) : undefined;
      if (bad !== undefined) c.problem(at, bad);
    }
  }
}
