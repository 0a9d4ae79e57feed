// The fields of `dactl api -f key=value` (always a string) and `-F key=value` (typed), and the
// shapes they take on the wire: a JSON object for the new API, form or query parameters for
// the legacy one. Pure: reading `@file` is handed in, so every rule is unit-tested alone.
import { setOwn } from '../json/record.js';
import { UsageError } from '../errors.js';
import { MAX_SEND_DEPTH } from '../json/parse.js';
import { isRecord } from '../json/record.js';

type FieldValue = string | number | boolean | null;

export interface Field {
  /** `-f` or `-F`, to name the flag in errors. */
  flag: string;
  key: string;
  value: FieldValue;
}

/** A parsed field whose value may still be a file to read (`-F key=@file`, `@-` for stdin). */
export interface FieldSpec {
  flag: string;
  key: string;
  value: FieldValue | { file: string };
}

// JSON's own number grammar: `007` and `1e` stay strings (zip codes, phone numbers, versions).
const jsonNumber = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Parses one `key=value`; `typed` is -F: numbers, true, false, null and @file are converted. */
export function parseField(flag: string, text: string, typed: boolean): FieldSpec {
  const eq = text.indexOf('=');
  if (eq <= 0) {
    throw new UsageError(
      `${flag} "${text}": expected key=value with a non-empty key.`,
      `For example: ${flag} name=value`,
    );
  }
  const key = text.slice(0, eq);
  const raw = text.slice(eq + 1);
  if (!typed) return { flag, key, value: raw };
  if (raw.startsWith('@')) {
    const file = raw.slice(1);
    if (!file) throw new UsageError(`${flag} "${text}": give a file after @ (or @- for stdin).`);
    return { flag, key, value: { file } };
  }
  return { flag, key, value: typedValue(raw) };
}

/** `-F` conversion: JSON numbers, true, false and null; anything else stays a string. */
export function typedValue(raw: string): FieldValue {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (jsonNumber.test(raw)) {
    const n = Number(raw);
    // Beyond 2^53 a JSON number loses digits; an id that long is safer sent as the string.
    // Beyond a double's range (1e400) it is Infinity, which JSON would send as null.
    if (Number.isFinite(n) && (Number.isSafeInteger(n) || !/^-?\d+$/.test(raw))) return n;
  }
  return raw;
}

/** Reads the `@file` values; `read` gets the path, or '-' for stdin. */
export async function resolveFields(
  specs: readonly FieldSpec[],
  read: (file: string) => Promise<string>,
): Promise<Field[]> {
  const fields: Field[] = [];
  for (const spec of specs) {
    const { value } = spec;
    const resolved = isFile(value) ? await read(value.file) : value;
    fields.push({ flag: spec.flag, key: spec.key, value: resolved });
  }
  return fields;
}

const isFile = (v: FieldSpec['value']): v is { file: string } =>
  typeof v === 'object' && v !== null;

/** How many fields read stdin (`@-`): at most one may, and not together with `--input -`. */
export const stdinFields = (specs: readonly FieldSpec[]): number =>
  specs.filter((s) => isFile(s.value) && s.value.file === '-').length;

/** Flat parameters (legacy form, or a query string): keys as given, values as text. */
export function toParams(fields: readonly Field[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const { flag, key, value } of fields) {
    if (Object.hasOwn(params, key)) throw twice(flag, key);
    setOwn(params, key, value === null ? '' : String(value));
  }
  return params;
}

type JsonObject = Record<string, unknown>;

/**
 * A JSON object for the new API. `a[b]=1` nests ({"a":{"b":1}}) and a trailing `[]` appends to
 * an array (`-f tags[]=x -f tags[]=y`); a key given twice, or used both as a value and as an
 * object, is refused rather than silently overwritten.
 */
export function toJsonObject(fields: readonly Field[]): JsonObject {
  const root: JsonObject = {};
  for (const field of fields) {
    const { names, append } = keyPath(field);
    let node = root;
    for (const name of names.slice(0, -1)) {
      const child = Object.hasOwn(node, name) ? node[name] : setOwn(node, name, {});
      if (!isRecord(child)) throw clash(field);
      node = child;
    }
    const last = names[names.length - 1] ?? field.key;
    if (append) {
      const list = Object.hasOwn(node, last) ? node[last] : setOwn(node, last, []);
      if (!Array.isArray(list)) throw clash(field);
      list.push(field.value);
    } else {
      if (Object.hasOwn(node, last)) {
        throw typeof node[last] === 'object' && node[last] !== null
          ? clash(field)
          : twice(field.flag, field.key);
      }
      setOwn(node, last, field.value);
    }
  }
  return root;
}

/** `a[b][c]` → names a, b, c; `a[b][]` → a, b plus append. Other keys are taken whole. */
function keyPath(field: Field): { names: string[]; append: boolean } {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(field.key);
  if (!match?.[1] || !match[2]) return { names: [field.key], append: false };
  const inner = [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  const append = inner[inner.length - 1] === '';
  const names = [match[1], ...(append ? inner.slice(0, -1) : inner)];
  if (names.includes('')) {
    throw new UsageError(
      `${field.flag} "${field.key}": "[]" may only end a key (tags[]=x), not sit inside it.`,
    );
  }
  // Each name is a level of the JSON body, which is no deeper than any JSON dactl sends.
  if (names.length + (append ? 1 : 0) > MAX_SEND_DEPTH) {
    throw new UsageError(
      `${field.flag} "${field.key.slice(0, 60)}…": the key nests more than ${String(MAX_SEND_DEPTH)} levels deep, the most dactl sends.`,
    );
  }
  return { names, append };
}

const twice = (flag: string, key: string): UsageError =>
  new UsageError(
    `${flag} "${key}": the key is given twice.`,
    'Give each key once; for a list in a JSON body, end the key with [] (tags[]=a -f tags[]=b).',
  );

const clash = (field: Field): UsageError =>
  new UsageError(
    `${field.flag} "${field.key}": the key conflicts with another field (a value, a list and an object at once).`,
  );
