// The legacy API's default reply encoding (facts page, "Legacy API replies" and "What third-party
// clients show"): form-style `key=value&...` whose values carry the panel's HTML numeric entities
// raw (`O&#39;Brien`, `fred&#64;fred.example`) and everything else percent-encoded. DirectAdmin's
// documented recipe, which clients follow, decodes the entities over the whole body first and
// then parses the query string; that is why only characters that mean nothing to a query string
// become entities, and `&` is percent-encoded (an entity would split its pair for those clients).
// `#` is an entity too, so a value's own text `&#39;` comes back as text, not as an apostrophe.

export function escapeEntities(value: string): string {
  return value.replace(/[<>"'@#-]/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

/** One value as the panel writes it: its entities raw, the rest percent-encoded. */
function encodeValue(value: string): string {
  // After escapeEntities every `#` is inside an entity it made, so these parts are exactly those.
  return escapeEntities(value)
    .split(/(&#\d+;)/)
    .map((part, i) => (i % 2 === 1 ? part : encodeURIComponent(part)))
    .join('');
}

/** Encodes pairs in order; repeated keys (`list[]`) are kept. Keys are not escaped, only values. */
export function encodeFields(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([k, v]) => `${k}=${encodeValue(v)}`).join('&');
}
