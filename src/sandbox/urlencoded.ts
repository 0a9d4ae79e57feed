// The legacy API's default reply encoding (facts page, "Legacy API replies"): form-style
// `key=value&...` where each value first has its HTML-special characters turned into numeric
// entities (`<` becomes `&#60;`; real panels also escape `-` and `@`, which clients meet in
// e-mail addresses and domains) and is then URL-encoded. Clients must undo both, in reverse order.

export function escapeEntities(value: string): string {
  return value.replace(/[&<>"'@-]/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

/** Encodes pairs in order; repeated keys (`list[]`) are kept. Keys are not escaped, only values. */
export function encodeFields(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([k, v]) => `${k}=${encodeURIComponent(escapeEntities(v))}`).join('&');
}
