// The functions a --query expression may call, checked before anything is sent: the library finds
// an unknown function or a wrong argument count only while it runs. dactl keeps its own list, as
// the library publishes the names but not the counts. Loaded with the library, by query.ts.
import type { BuiltInFunctionNames } from '@jmespath-community/jmespath';

type Arity = readonly [least: number, most: number];
const one: Arity = [1, 1];
const two: Arity = [2, 2];
const many: Arity = [1, Infinity];

/**
 * The library's functions (its built-ins and the trim family its type leaves out) and how many
 * arguments each takes, from its documentation: a library update that adds or drops one fails
 * the type check here, and test/output/query.test.ts holds the counts against the library.
 */
const arities: Record<BuiltInFunctionNames | 'trim' | 'trim_left' | 'trim_right', Arity> = {
  abs: one,
  avg: one,
  ceil: one,
  floor: one,
  from_items: one,
  items: one,
  keys: one,
  length: one,
  lower: one,
  max: one,
  min: one,
  reverse: one,
  sort: one,
  sum: one,
  to_array: one,
  to_number: one,
  to_string: one,
  type: one,
  upper: one,
  values: one,
  contains: two,
  ends_with: two,
  group_by: two,
  join: two,
  map: two,
  max_by: two,
  min_by: two,
  sort_by: two,
  starts_with: two,
  merge: many,
  not_null: many,
  zip: many,
  find_first: [2, 4],
  find_last: [2, 4],
  pad_left: [2, 3],
  pad_right: [2, 3],
  replace: [3, 4],
  split: [2, 3],
  trim: [1, 2],
  trim_left: [1, 2],
  trim_right: [1, 2],
};

/** The functions --query knows, with their argument counts (for the tests). */
export const queryFunctions: Readonly<Record<string, Arity>> = arities;

/**
 * Unknown functions and wrong argument counts, which the library finds only while it runs, are
 * found here, before anything is sent.
 */
export function checkFunctions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const child of node) checkFunctions(child);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const { type, name, children } = node as { type?: unknown; name?: unknown; children?: unknown };
  // A literal is data, whatever its members are called.
  if (type === 'Literal') return;
  if (type === 'Function' && typeof name === 'string' && Array.isArray(children)) {
    if (!Object.hasOwn(queryFunctions, name)) throw new Error(`unknown function ${name}()`);
    const [least, most] = queryFunctions[name] ?? one;
    const given = children.length;
    if (given < least || given > most) {
      const takes =
        least === most
          ? String(least)
          : most === Infinity
            ? `at least ${least}`
            : `${least} to ${most}`;
      throw new Error(`${name}() takes ${takes} argument${most === 1 ? '' : 's'}, not ${given}`);
    }
  }
  for (const value of Object.values(node)) checkFunctions(value);
}
