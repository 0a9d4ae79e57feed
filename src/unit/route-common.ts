// What the route checks share: the scope they judge in, how they report, and the small helpers
// for JSON types and unknown keys. Every problem is `<JSON path>: <rule>`.
import { distance } from '../text/distance.js';
import { jsonPath } from '../json/path.js';

/** Who and what a route set belongs to: the panel's scope rules depend on it. */
export interface RouteScope {
  /** The parent domain; `pass` must name `applications/<domain>_<app>`. */
  domain: string;
  /** The acting user; `share` paths stay inside /home/<user>/, proxy sockets out of others'. */
  user: string;
  /**
   * The applications the panel offers for routes (`da_settings.applications`), when known.
   * Absent (offline): pass targets are checked by shape only.
   */
  applications?: readonly string[];
  /** Unit's control socket on the server (route-socket.ts refuses it besides the usual paths). */
  controlSocket?: string;
}

export interface Checker {
  scope: RouteScope;
  problem(path: string, rule: string): void;
}

/** "a string", "an array", "null": what a value is, for "must be X, not Y". */
export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'an integer' : 'a number';
  if (typeof v === 'boolean') return 'a boolean';
  return typeof v === 'string' ? 'a string' : 'an object';
}

export const quoted = (names: readonly string[]): string => {
  const q = names.map((n) => `"${n}"`);
  return q.length < 2 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} or ${q.at(-1) ?? ''}`;
};

/** `unknown key for <what>`, with a guess when the key is a typo of a known one. */
export function unknownKey(
  c: Checker,
  path: string,
  key: string,
  what: string,
  known: readonly string[],
): void {
  const near = known.find((k) => distance(k, key.toLowerCase()) <= Math.min(2, k.length >> 1));
  const guess = near === undefined ? `; allowed: ${quoted(known)}` : ` (did you mean "${near}"?)`;
  c.problem(jsonPath(path, key), `unknown key for ${what}${guess}`);
}

/**
 * A string, or an array of strings (an empty array when `nonEmpty` is not set): runs `each` on
 * every string with its path.
 */
export function strings(
  c: Checker,
  value: unknown,
  path: string,
  each: (text: string, path: string) => void,
  nonEmpty = false,
): void {
  if (typeof value === 'string') {
    each(value, path);
    return;
  }
  if (!Array.isArray(value)) {
    c.problem(path, `must be a string or an array of strings, not ${typeName(value)}`);
    return;
  }
  if (nonEmpty && value.length === 0) c.problem(path, 'must not be an empty array');
  value.forEach((item: unknown, i) => {
    const at = jsonPath(path, i);
    if (typeof item === 'string') each(item, at);
    else c.problem(at, `must be a string, not ${typeName(item)}`);
  });
}
