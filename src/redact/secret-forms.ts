// The forms in which a panel may echo a value it was sent: as is, JSON-escaped (\" \\ \n \u0022),
// HTML entities (&quot; &#39; &#x27;), percent- or form-encoded in either case of hex, with a
// backslash before it (PHP's addslashes, \x27), and those escapes nested: a JSON string in an
// HTML page, an entity inside a URL-encoded reply. Each character of the value may take any of
// its forms, so one pattern finds the value however a panel mixes them.

/** Letters (of hex digits, of entity names) in either case. */
const anyCase = (text: string): string =>
  Array.from(text)
    .map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c))
    .join('');

const hex = (n: number, width = 1): string => anyCase(n.toString(16).padStart(width, '0'));

const literal = (c: string): string => c.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** The character's UTF-8 bytes percent-encoded. */
const percent = (c: string): string =>
  [...Buffer.from(c, 'utf8')].map((b) => `%${hex(b, 2)}`).join('');

/** A character that is part of an escape's syntax, itself maybe escaped once more. */
const token = (c: string): string => `(?:${literal(c)}|${percent(c)})`;
const amp = `(?:&(?:amp;){0,3}|${percent('&')})`;
const entity = (code: number): string =>
  `${amp}${token('#')}(?:0{0,4}${String(code)}|[xX]0{0,4}${hex(code)})${token(';')}`;
/** A backslash in any form: one of the value's, or one escaping what follows (\" \\ \u0022). */
const backslash = `(?:\\\\|${percent('\\')}|${entity(92)})`;

const named: Record<string, string> = {
  '&': 'amp',
  '<': 'lt',
  '>': 'gt',
  '"': 'quot',
  "'": 'apos',
};
const shortJson: Record<string, string> = { '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't' };

/**
 * The forms of one character (a code point) but the backslashes before it. Escapes come first,
 * so a `%` is not taken as itself when it starts `%25`. After a backslash: `u0022` of `\u0022`,
 * `x22`, `n` of `\n`, or the character itself (`\"`).
 */
function escapes(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  const units = Array.from({ length: c.length }, (_, i) => `u${hex(c.charCodeAt(i), 4)}`);
  const forms = [percent(c), entity(code), units.join(`${backslash}{1,8}`)];
  const name = named[c];
  if (name) forms.push(`${amp}${anyCase(name)}${token(';')}`);
  if (code < 0x100) forms.push(`x${hex(code, 2)}`);
  const short = shortJson[c];
  if (short) forms.push(short);
  if (c === ' ') forms.push('\\+');
  return `(?:${forms.join('|')}|${literal(c)})`;
}

/** A run of n of the value's backslashes: n to 8n of them (JSON in JSON in JSON), at most 64. */
const backslashes = (n: number): string =>
  `${backslash}{${String(n)},${String(Math.max(n, Math.min(8 * n, 64)))}}`;

/** One character of the value: up to 8 backslashes before it, unless a run of its own took them. */
const character = (c: string, afterRun: boolean): string =>
  /^[A-Za-z0-9]$/.test(c) ? c : `${afterRun ? '' : `${backslash}{0,8}`}${escapes(c)}`;

/**
 * A value's pattern, character by character. Letters and digits come back as they are: no
 * escaper a panel uses touches them. Every repeat is bounded, and a run of backslashes has one
 * way to be split, so a hostile echo cannot make the search take exponential time.
 */
const valuePattern = (value: string): string =>
  value
    .split(/(\\+)/)
    .map((part, i) =>
      i % 2 === 1
        ? backslashes(part.length)
        : Array.from(part)
            .map((c, j) => character(c, i > 0 && j === 0))
            .join(''),
    )
    .join('');

// Shorter values are hidden by their name only: masking them wherever they appear would garble
// ordinary words and numbers.
const shortest = 6;

/** The secret values to mask in echoes: those long enough to mask without garbling text. */
export function secretSet(values: Iterable<string>): Set<string> {
  return new Set([...values].filter((v) => v.length >= shortest));
}

/** A value's pattern, and the longest run of letters and digits every form of it keeps. */
interface Forms {
  pattern: RegExp;
  anchor: string;
}

// Past this length a value is matched in its common whole forms only: a pattern per character
// of a long text (a PEM key) would be large to build for an echo that has no reason to mix forms.
const longest = 256;

function wholeForms(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1);
  const html = value.replace(/[&<>"']/g, (c) => (c === "'" ? '&#39;' : `&${named[c] ?? ''};`));
  const form = new URLSearchParams({ v: value }).toString().slice(2);
  return [...new Set([value, json, html, encodeURIComponent(value), form])];
}

/** The patterns of the values, the longest value first (a shorter one may be part of it). */
const formsOf = (values: Iterable<string>): Forms[] =>
  [...values].sort((a, b) => b.length - a.length).map(formsOfValue);

// A value's pattern, built once per run: every request of a run sends the same password and
// credentials, and building a pattern that matches every form is most of what masking costs.
const byValue = new Map<string, Forms>();

function formsOfValue(v: string): Forms {
  let forms = byValue.get(v);
  if (!forms) {
    forms = {
      pattern: new RegExp(
        v.length > longest ? wholeForms(v).map(literal).join('|') : valuePattern(v),
        'g',
      ),
      anchor: (v.match(/[A-Za-z0-9]+/g) ?? []).reduce((a, b) => (b.length > a.length ? b : a), ''),
    };
    byValue.set(v, forms);
  }
  return forms;
}

// The patterns of a set, built once: a reply's every string is masked with the same set.
const built = new WeakMap<ReadonlySet<string>, Forms[]>();

function formsOfSet(values: ReadonlySet<string>): Forms[] {
  let forms = built.get(values);
  if (!forms) {
    forms = formsOf(values);
    built.set(values, forms);
  }
  return forms;
}

/**
 * Whether the text may hold one of the values in some form, or decode to it: a cheap look
 * before masking every string of a large reply. Every form keeps the value's anchor.
 */
export const mayEcho = (text: string, values: ReadonlySet<string>): boolean =>
  formsOfSet(values).some(({ anchor }) => text.includes(anchor));

/** Text with every form of the values replaced by `by`. */
export function maskForms(text: string, values: ReadonlySet<string>, by: string): string {
  let result = text;
  for (const { pattern, anchor } of formsOfSet(values)) {
    // A cheap test first: most text holds no secret, and every form keeps the anchor.
    if (result.includes(anchor)) result = result.replace(pattern, by);
  }
  return result;
}
