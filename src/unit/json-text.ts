// JSON typed by people (a --file, a template set, an edited definition): a syntax error names the
// source and the line and column (the scanner finds them: Node gives an offset, or nothing), and
// what Unit's JSON reader refuses although JSON.parse takes it (duplicate members, lone
// surrogates) is refused, as is nesting deeper than dactl sends, before JSON.parse runs.
import { ProblemsError, UsageError } from '../errors.js';
import { MAX_SEND_DEPTH, parseJson, syntaxErrorAt } from '../json/parse.js';

export function parseJsonText(text: string, source: string, hint?: string): unknown {
  const parsed = parseJson(text, { maxDepth: MAX_SEND_DEPTH, unit: true });
  if (parsed.ok) return parsed.value;
  const { offset, reason, path, message, tooDeep } = parsed.error;
  if (reason === undefined) {
    throw new UsageError(`${source} is not valid JSON${jsonErrorDetail(text, message)}.`, hint);
  }
  const where = position(text, offset);
  if (tooDeep) throw new UsageError(`${source} (${where}): ${reason}.`, hint);
  throw new ProblemsError(
    `${source} is not JSON that Unit accepts (${where}): ${path === undefined ? '' : `${path}: `}${reason}.`,
    [{ path: path ?? '', message: reason }],
    hint,
  );
}

/**
 * ` (line 3, column 1): Expected double-quoted property name` from the text and the parser's
 * message, whichever Node wrote it: the place comes from the scanner, the words from Node.
 */
export function jsonErrorDetail(text: string, message: string): string {
  const offset = syntaxErrorAt(text, message);
  const where = offset === undefined ? '' : ` (${position(text, offset)})`;
  // Node quotes the whole input in some messages and appends the offset in others: drop both.
  const why = message
    .replace(/, (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, '')
    .replace(/\s*(in JSON )?at position \d+.*$/s, '')
    .trim();
  return `${where}: ${why}`;
}

/** "line 3, column 5" for a character offset. */
export function position(text: string, offset: number): string {
  const lines = text.slice(0, Math.max(0, offset)).split('\n');
  return `line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}`;
}
