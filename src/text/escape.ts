// Text that is not dactl's own, made safe for a terminal. Used by the output layer and by the
// redaction rule alike, so it depends on nothing of either.

/**
 * Text that is not dactl's own (panel names, error texts, values) as it may reach a terminal:
 * every control character is shown escaped instead of acting on the screen. The one rule, for
 * table and TSV cells, error messages and logs: tab, newline and carriage return as \t \n \r,
 * other C0 and C1 controls and DEL as \xHH, and the invisible characters (see `invisibleClass`)
 * as \uHHHH. JSON and YAML escape them in their own syntax (output/writer.ts, output/yaml.ts).
 */
export function escapeControl(text: string): string {
  // Most text has nothing to escape: a test is much cheaper than a replace with a callback.
  if (!hasControl.test(text)) return text;
  return text.replace(controls, (c) => {
    const short = shortEscapes[c];
    if (short) return short;
    const code = c.charCodeAt(0);
    return code < 0x100
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * What a terminal shows as nothing, or uses to reorder what it shows, beyond C0: C1 controls,
 * the Unicode line separators, the bidirectional marks, embeddings, overrides and isolates
 * (U+061C, U+200E-200F, U+202A-202E, U+2066-2069), and the zero-width characters (U+200B-200D,
 * U+2060, U+FEFF), by which `ad\u200bmin` would pass for `admin`.
 */
export const invisibleClass =
  '\\u0080-\\u009f\\u061c\\u200b-\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2060\\u2066-\\u2069\\ufeff';
/** `c` as a \uHHHH escape, as JSON and YAML read it. */
export const unicodeEscape = (c: string): string =>
  `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

const controlClass = `[\\u0000-\\u001f\\u007f${invisibleClass}]`;
const controls = new RegExp(controlClass, 'g');
const hasControl = new RegExp(controlClass);
const shortEscapes: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * A message of several lines, dactl's own line structure kept: each line escaped, and every
 * line after the first indented, so no text can start a line that looks like dactl's own
 * ("error:", "hint:").
 */
export function escapeLines(text: string): string {
  return text
    .split('\n')
    .map((line, i) => {
      const shown = escapeControl(line);
      return i === 0 || line.startsWith(' ') ? shown : `  ${shown}`;
    })
    .join('\n');
}
