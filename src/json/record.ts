// The plain-object guard and own-property access that every reader of JSON in dactl shares: the
// panel's replies, Unit definitions, templates, the sandbox's own state.

/** A JSON object: not null, not an array. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Sets an own property, also one named `__proto__`, which plain assignment takes as the prototype. */
export function setOwn<T>(node: object, key: string, value: T): T {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
  return value;
}

/** An own property's value; an inherited one (`__proto__`, `constructor`) is not there. */
export const getOwn = (node: object, key: string): unknown =>
  Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
