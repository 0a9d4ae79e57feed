// `--set key.path=value`: one change to a JSON definition. The value is JSON when it parses as
// JSON (`processes=4`, `arguments=["a","b"]`), else the text itself; `null` removes the key.
// A dot inside a key is written `\.`; a number indexes an existing array (`arguments.0=app.js`).
import { getOwn, setOwn } from '../json/record.js';
import { UsageError } from '../errors.js';
import { MAX_SEND_DEPTH, parseJson } from '../json/parse.js';

export interface Assignment {
  /** As typed, for messages. */
  raw: string;
  path: string[];
  value: unknown;
}

const rule = 'use --set key.path=value, e.g. --set limits.timeout=30';

export function parseSet(raw: string): Assignment {
  const eq = raw.indexOf('=');
  if (eq <= 0) throw new UsageError(`--set "${raw}": ${rule}.`);
  const path = splitPath(raw.slice(0, eq));
  if (path.some((p) => p === '')) {
    throw new UsageError(`--set "${raw}": the key path has an empty part; ${rule}.`);
  }
  // The key path's levels and the value's together no deeper than dactl sends.
  const tooDeep = (): UsageError =>
    new UsageError(
      `--set "${raw.length > 60 ? `${raw.slice(0, 60)}…` : raw}": the key path and the value are nested more than ${String(MAX_SEND_DEPTH)} levels deep, the most dactl sends.`,
    );
  if (path.length > MAX_SEND_DEPTH) throw tooDeep();
  const text = raw.slice(eq + 1);
  const parsed = parseJson(text, { maxDepth: MAX_SEND_DEPTH - path.length });
  if (!parsed.ok && parsed.error.tooDeep) throw tooDeep();
  // Not JSON: the text itself is the value.
  return { raw, path, value: parsed.ok ? parsed.value : text };
}

function splitPath(key: string): string[] {
  const parts: string[] = [];
  let part = '';
  for (let i = 0; i < key.length; i++) {
    const c = key[i] ?? '';
    if (c === '\\' && key[i + 1] === '.') {
      part += '.';
      i++;
    } else if (c === '.') {
      parts.push(part);
      part = '';
    } else {
      part += c;
    }
  }
  return [...parts, part];
}

type Container = Record<string, unknown> | unknown[];

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/** Applies the changes in order to a copy of the definition; the original is left alone. */
export function applySets<T extends Record<string, unknown>>(definition: T, sets: Assignment[]): T {
  const copy = structuredClone(definition);
  for (const set of sets) applyOne(copy, set);
  return copy;
}

function applyOne(root: Record<string, unknown>, set: Assignment): void {
  let node: Container = root;
  for (const [i, key] of set.path.entries()) {
    const last = i === set.path.length - 1;
    const where = set.path.slice(0, i).join('.') || '(top level)';
    if (Array.isArray(node)) {
      const index = arrayIndex(node, key, set, where, last);
      if (!last) node = child(node, index, set, key);
      else if (set.value === null) node.splice(index, 1);
      else node[index] = set.value;
    } else if (last) {
      if (set.value === null) Reflect.deleteProperty(node, key);
      else setOwn(node, key, set.value);
    } else {
      // Own properties only: `__proto__.x` must not reach Object.prototype.
      const current = getOwn(node, key);
      // Removing below a key that is not there removes nothing, and creates nothing either.
      if (current === undefined && set.value === null) return;
      if (current === undefined || current === null) setOwn(node, key, {});
      node = child(node, key, set, key);
    }
  }
}

function arrayIndex(
  array: unknown[],
  key: string,
  set: Assignment,
  where: string,
  last: boolean,
): number {
  if (!/^\d+$/.test(key)) {
    throw new UsageError(`--set "${set.raw}": ${where} is an array; index it with a number.`);
  }
  const index = Number(key);
  // Appending right after the end is allowed; gaps would leave nulls Unit rejects.
  if (index > array.length || (index === array.length && !last)) {
    throw new UsageError(
      `--set "${set.raw}": ${where} has ${String(array.length)} items; index ${key} is past the end.`,
    );
  }
  return index;
}

function child(parent: Container, key: string | number, set: Assignment, name: string): Container {
  const value = Array.isArray(parent) ? parent[key as number] : getOwn(parent, key as string);
  if (!isContainer(value)) {
    throw new UsageError(
      `--set "${set.raw}": "${name}" holds ${JSON.stringify(value)}, not an object or array.`,
    );
  }
  return value;
}
