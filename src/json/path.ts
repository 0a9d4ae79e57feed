// How dactl names a place in a JSON document, in every message that points into one.

/** `limits.timeout`, `arguments[0]`, `environment["A.B"]`. */
export function jsonPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${String(key)}]`;
  const plain = /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? key : JSON.stringify(key);
  if (parent === '') return plain;
  return plain.startsWith('"') ? `${parent}[${plain}]` : `${parent}.${plain}`;
}
