// Checks an application definition against Unit's rules (app-schema.ts) before anything is sent,
// plus the panel's: an application runs as its own account. Each problem names its JSON path:
// `processes.max: must be an integer from 1 to 2147483647, not 0`.
import { jsonPath } from '../json/path.js';
import { distance } from '../text/distance.js';
import {
  MAX_TARGETS,
  membersOf,
  targetMembers,
  type Field,
  type Kind,
  type Members,
} from './app-schema.js';
import { baseType, typeProblem, typeRule } from './app-type.js';
import { isRecord } from '../json/record.js';

type Json = Record<string, unknown>;

/** One thing Unit or the panel would refuse: where (a JSON path, '' for the whole) and why. */
export interface Problem {
  path: string;
  message: string;
}

/** `limits.timeout: must be an integer, not a string` (just the message at the top). */
export const formatProblem = (p: Problem): string =>
  p.path === '' ? p.message : `${p.path}: ${p.message}`;

/** "a string", "an array", "null": what a value is, for "must be X, not Y". */
function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'an integer' : 'a fractional number';
  if (typeof v === 'boolean') return 'a boolean';
  return typeof v === 'string' ? 'a string' : 'an object';
}

const article = (word: string): string => (/^[aeiou]/.test(word) ? 'an' : 'a');

const kindOf = (v: unknown): Kind | undefined => {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : undefined;
  if (Array.isArray(v)) return 'array';
  return isRecord(v) ? 'object' : undefined;
};

class Report {
  readonly list: Problem[] = [];
  add(path: string, message: string): void {
    this.list.push({ path, message });
  }
}

/**
 * Every problem of the definition; empty when Unit would accept it. With `account`, `user` and
 * `group` must name that account: the panel runs an application as the user that owns it.
 */
export function applicationProblems(definition: unknown, account?: string): Problem[] {
  const r = new Report();
  if (!isRecord(definition)) {
    r.add('', `the definition must be a JSON object, not ${typeName(definition)}`);
    return r.list;
  }
  const { type } = definition;
  let base: string | undefined;
  if (type === undefined) r.add('type', `is required: ${typeRule}`);
  else if (typeof type !== 'string') r.add('type', `must be a string, not ${typeName(type)}`);
  else {
    const bad = typeProblem(type);
    if (bad === undefined) base = baseType(type);
    else r.add('type', bad);
  }
  const what = base === undefined ? 'an application' : `${article(base)} ${base} application`;
  const members = withoutMoved(membersOf(base), base, definition);
  // Without a known type only the common members can be checked; unknown keys wait for a type.
  checkObject(r, definition, members, '', what, base !== undefined);
  if (base !== undefined) checkTargets(r, definition, base);
  if (account !== undefined) {
    for (const key of ['user', 'group'] as const) {
      const value = definition[key];
      if (typeof value === 'string' && value !== account) {
        r.add(
          key,
          `must be "${account}" (or left out): the panel runs an application as the account that owns it, not as ${value === '' ? 'an empty name' : JSON.stringify(value)}`,
        );
      }
    }
  }
  return r.list;
}

/** The problems as `path: rule` lines (what the sandbox's Unit answers). */
export function validateApplication(definition: unknown, account?: string): string[] {
  return applicationProblems(definition, account).map(formatProblem);
}

/** With `targets`, the members a target takes are checked by checkTargets, not required here. */
function withoutMoved(members: Members, base: string | undefined, definition: Json): Members {
  const moved = base === undefined ? undefined : targetMembers[base];
  if (moved === undefined || definition.targets === undefined) return members;
  return Object.fromEntries(
    Object.entries(members).map(([k, f]) => [k, moved.includes(k) ? { ...f, required: false } : f]),
  );
}

function checkObject(
  r: Report,
  value: Json,
  members: Members,
  path: string,
  what: string,
  strict = true,
): void {
  for (const [key, field] of Object.entries(members)) {
    if (field.required && !(key in value)) r.add(jsonPath(path, key), `is required for ${what}`);
  }
  for (const [key, member] of Object.entries(value)) {
    const field = Object.hasOwn(members, key) ? members[key] : undefined;
    if (field === undefined) {
      if (strict) r.add(jsonPath(path, key), `is not a member of ${what}${guess(key, members)}`);
      continue;
    }
    checkField(r, member, field, jsonPath(path, key));
  }
}

function checkField(r: Report, value: unknown, field: Field, path: string): void {
  const kind = kindOf(value);
  if (kind === undefined || !field.kinds.includes(kind)) {
    r.add(path, `must be ${describe(field)}, not ${typeName(value)}`);
    return;
  }
  if (kind === 'integer') {
    const n = value as number;
    // Unit's JSON reader refuses numbers written with more than 14 characters.
    if (JSON.stringify(n).length > 14) {
      r.add(path, `${String(n)} is too long a number for Unit (at most 14 characters)`);
      return;
    }
    if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max)) {
      r.add(path, `must be ${describe(field)}, not ${String(n)}`);
      return;
    }
  } else if (kind === 'string') {
    const s = value as string;
    if (field.oneOf && !field.oneOf.includes(s)) {
      r.add(path, `must be ${field.oneOf.map((o) => `"${o}"`).join(' or ')}`);
    } else if (field.noNul && s.includes('\u0000')) {
      r.add(path, 'must not contain a NUL character');
    }
  } else if (kind === 'array' && field.items) {
    const items = field.items;
    (value as unknown[]).forEach((item, i) => {
      checkField(r, item, items, jsonPath(path, i));
    });
  } else if (kind === 'object') {
    checkMembers(r, value as Json, field, path);
  }
  const bad = field.rule?.(value as never);
  if (bad !== undefined) r.add(path, bad);
}

function checkMembers(r: Report, value: Json, field: Field, path: string): void {
  if (field.members) {
    checkObject(r, value, field.members, path, `"${path.replace(/\[\d+\]$/, '')}"`);
  } else if (field.targets) {
    const names = Object.keys(value);
    if (names.length === 0) r.add(path, 'must name at least one target');
    if (names.length > MAX_TARGETS) {
      r.add(
        path,
        `must not have more than ${String(MAX_TARGETS)} targets (it has ${String(names.length)})`,
      );
    }
    for (const name of names) {
      const target = value[name];
      const where = jsonPath(path, name);
      if (name === '') r.add(path, 'target names must not be empty');
      else if (isRecord(target)) checkObject(r, target, field.targets, where, 'a target');
      else r.add(where, `must be an object, not ${typeName(target)}`);
    }
  } else if (field.entries) {
    for (const [name, item] of Object.entries(value)) {
      const where = jsonPath(path, name);
      if (name === '') r.add(path, 'names must not be empty');
      else if (field.entries === 'noNul' && name.includes('\u0000')) {
        r.add(where, 'the name must not contain a NUL character');
      } else if (field.entries === 'noNul' && name.includes('=')) {
        r.add(where, 'the name must not contain "="');
      } else if (typeof item !== 'string') r.add(where, `must be a string, not ${typeName(item)}`);
      else if (field.entries === 'noNul' && item.includes('\u0000')) {
        r.add(where, 'must not contain a NUL character');
      }
    }
  }
}

/** Python and PHP: `targets` replaces the members a target takes; both at once is refused. */
function checkTargets(r: Report, definition: Json, base: string): void {
  const moved = targetMembers[base];
  if (moved === undefined || definition.targets === undefined) return;
  for (const key of moved) {
    if (key in definition) r.add(key, 'is not allowed next to "targets"; move it into each target');
  }
}

/** "an integer from 1 to 2147483647 or an object", "an array of strings". */
function describe(field: Field): string {
  return field.kinds
    .map((kind) => {
      if (kind === 'integer') {
        if (field.min !== undefined && field.max !== undefined) {
          return `an integer from ${String(field.min)} to ${String(field.max)}`;
        }
        return 'an integer';
      }
      if (kind === 'array' && field.items) return `an array of ${plural(field.items)}`;
      if (kind === 'object' && field.entries) return 'an object of name → string';
      return {
        string: 'a string',
        boolean: 'true or false',
        object: 'an object',
        array: 'an array',
      }[kind];
    })
    .join(' or ');
}

const plural = (item: Field): string =>
  item.kinds[0] === 'object' ? 'objects' : item.kinds[0] === 'string' ? 'strings' : 'values';

/** ` (did you mean "processes"?)` for a key one or two typos away from a known one. */
function guess(key: string, members: Members): string {
  const near = Object.keys(members).find((k) => distance(k, key.toLowerCase()) <= 2);
  return near === undefined ? '' : ` (did you mean "${near}"?)`;
}

/**
 * The panel lists numbers as strings (`"timeout": "10"`, spec 2.4). Turns them back into
 * numbers wherever Unit expects an integer, and nowhere else: an environment value "3000" stays a
 * string.
 */
export function normaliseNumbers(definition: Json): Json {
  const base = typeof definition.type === 'string' ? baseType(definition.type) : undefined;
  return normaliseObject(definition, membersOf(base));
}

function normaliseObject(value: Json, members: Members): Json {
  const out: Json = {};
  for (const [key, member] of Object.entries(value)) {
    const field = Object.hasOwn(members, key) ? members[key] : undefined;
    out[key] = field === undefined ? member : normaliseField(member, field);
  }
  return out;
}

function normaliseField(value: unknown, field: Field): unknown {
  if (typeof value === 'string' && field.kinds.includes('integer') && /^-?\d+$/.test(value)) {
    return Number(value);
  }
  if (!isRecord(value)) return value;
  if (field.members) return normaliseObject(value, field.members);
  const targets = field.targets;
  if (targets) {
    return Object.fromEntries(
      Object.entries(value).map(([k, t]) => [k, isRecord(t) ? normaliseObject(t, targets) : t]),
    );
  }
  return value;
}
