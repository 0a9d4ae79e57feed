// Text that is not dactl's own, made safe for a terminal. Used by the output layer and by the
// redaction rule alike, so it depends on nothing of either.

/**
 * Text that is not dactl's own (panel names, error texts, values) as it may reach a terminal:
 * every control character is shown escaped instead of acting on the screen. The one rule, for
 * table and TSV cells, error messages and logs: tab, newline and carriage return as \t \n \r,
 * other C0 and C1 controls and DEL as \xHH, and the Unicode line separators and bidirectional
 * overrides (which reorder what a terminal shows) as \uHHHH. JSON and YAML escape on their own.
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

const controlClass = '[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]';
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
