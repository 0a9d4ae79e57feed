// Checks an application definition against Unit's rules (app-schema.ts) before anything is sent.
// Each problem names its JSON path: `limits.timeout: must be a positive integer`.
import {
  appTypes,
  baseType,
  membersOf,
  targetMembers,
  type Field,
  type Kind,
  type Members,
} from './app-schema.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `limits.timeout`, `arguments[0]`, `environment["A.B"]`. */
export function jsonPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${String(key)}]`;
  const plain = /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? key : JSON.stringify(key);
  if (parent === '') return plain;
  return plain.startsWith('"') ? `${parent}[${plain}]` : `${parent}.${plain}`;
}

const article = (word: string): string => (/^[aeiou]/.test(word) ? 'an' : 'a');

const kindName: Record<Kind, string> = {
  string: 'a string',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
};

const kindOf = (v: unknown): Kind | undefined => {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : undefined;
  if (Array.isArray(v)) return 'array';
  return isObject(v) ? 'object' : undefined;
};

const typeRule =
  `one of ${appTypes.join(', ')}, optionally with a version such as "python 3.11" ` +
  '(Node.js and Go applications are "external")';

/** Every problem of the definition, each as `path: rule`; empty when Unit would accept it. */
export function validateApplication(definition: unknown): string[] {
  if (!isObject(definition)) return ['the definition must be a JSON object'];
  const problems: string[] = [];
  const { type } = definition;
  let base: string | undefined;
  if (type === undefined) problems.push(`type: required, ${typeRule}`);
  else if (typeof type !== 'string') problems.push(`type: must be a string, ${typeRule}`);
  else if ((base = baseType(type)) === undefined) {
    problems.push(`type: "${type}" is not an application type Unit knows; use ${typeRule}`);
  }
  const what = base === undefined ? 'an application' : `${article(base)} ${base} application`;
  const members = membersOf(base);
  // Without a known type only the common members can be checked; unknown keys wait for a type.
  checkObject(definition, members, '', what, problems, base !== undefined);
  if (base !== undefined) checkTargets(definition, base, problems);
  return problems;
}

function checkObject(
  value: Json,
  members: Members,
  path: string,
  what: string,
  problems: string[],
  strict = true,
): void {
  for (const [key, field] of Object.entries(members)) {
    if (field.required && !(key in value)) {
      problems.push(`${jsonPath(path, key)}: required for ${what}`);
    }
  }
  for (const [key, member] of Object.entries(value)) {
    const field = Object.hasOwn(members, key) ? members[key] : undefined;
    if (field === undefined) {
      if (strict)
        problems.push(`${jsonPath(path, key)}: unknown key for ${what}${guess(key, members)}`);
      continue;
    }
    checkField(member, field, jsonPath(path, key), problems);
  }
}

function checkField(value: unknown, field: Field, path: string, problems: string[]): void {
  const kind = kindOf(value);
  if (kind === undefined || !field.kinds.includes(kind)) {
    problems.push(`${path}: ${expected(field)}`);
    return;
  }
  if (kind === 'integer' && field.min !== undefined && (value as number) < field.min) {
    problems.push(`${path}: ${expected(field)}`);
  } else if (kind === 'string' && field.oneOf && !field.oneOf.includes(value as string)) {
    problems.push(`${path}: must be ${field.oneOf.map((s) => `"${s}"`).join(' or ')}`);
  } else if (kind === 'array' && field.strings) {
    (value as unknown[]).forEach((item, i) => {
      if (typeof item !== 'string') problems.push(`${jsonPath(path, i)}: must be a string`);
    });
  } else if (kind === 'object') {
    checkMembers(value as Json, field, path, problems);
  }
}

function checkMembers(value: Json, field: Field, path: string, problems: string[]): void {
  if (field.members) {
    checkObject(value, field.members, path, `"${path}"`, problems);
    return;
  }
  if (field.targets) {
    const names = Object.keys(value);
    if (names.length === 0) problems.push(`${path}: must name at least one target`);
    for (const name of names) {
      const target = value[name];
      const where = jsonPath(path, name);
      if (isObject(target)) checkObject(target, field.targets, where, `a target`, problems);
      else problems.push(`${where}: must be an object`);
    }
    return;
  }
  if (field.strings) {
    for (const [name, item] of Object.entries(value)) {
      if (name === '' || name.includes('=')) {
        problems.push(`${jsonPath(path, name)}: names must be non-empty, without "="`);
      } else if (typeof item !== 'string') {
        problems.push(`${jsonPath(path, name)}: must be a string`);
      }
    }
  }
}

/** Python and PHP: either `targets` or the members they replace, never both; one is needed. */
function checkTargets(definition: Json, base: string, problems: string[]): void {
  const moved = targetMembers[base];
  if (moved === undefined || definition.targets === undefined) return;
  const head = moved[0] ?? '';
  // The top-level requirement does not apply once targets carry it.
  const i = problems.indexOf(`${head}: required for ${article(base)} ${base} application`);
  if (i >= 0) problems.splice(i, 1);
  for (const key of moved) {
    if (key in definition)
      problems.push(`${key}: not allowed with "targets"; move it into each target`);
  }
}

function expected(field: Field): string {
  if (field.kinds.length === 1 && field.kinds[0] === 'integer') {
    return field.min === 1 ? 'must be a positive integer' : 'must be an integer of 0 or more';
  }
  if (field.kinds.length === 1 && field.kinds[0] === 'array' && field.strings) {
    return 'must be an array of strings';
  }
  if (field.kinds.includes('integer') && field.min === 1) {
    const others = field.kinds.filter((k) => k !== 'integer').map((k) => kindName[k]);
    return `must be a positive integer or ${others.join(' or ')}`;
  }
  const names = field.kinds.map((k) =>
    k === 'array' && field.strings ? 'an array of strings' : kindName[k],
  );
  return `must be ${names.join(' or ')}`;
}

/** ` (did you mean "processes"?)` for a key one or two typos away from a known one. */
function guess(key: string, members: Members): string {
  const near = Object.keys(members).find((k) => distance(k, key.toLowerCase()) <= 2);
  return near === undefined ? '' : ` (did you mean "${near}"?)`;
}

export function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      next[j] = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + cost);
    }
    row = next;
  }
  return row[b.length] ?? 0;
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
  if (!isObject(value)) return value;
  if (field.members) return normaliseObject(value, field.members);
  const targets = field.targets;
  if (targets) {
    return Object.fromEntries(
      Object.entries(value).map(([k, t]) => [k, isObject(t) ? normaliseObject(t, targets) : t]),
    );
  }
  return value;
}
