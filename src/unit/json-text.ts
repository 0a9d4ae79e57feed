// JSON typed by people (a --file, a template set, an edited definition): a syntax error names the
// source and the line and column (json-scan.ts finds them: Node gives an offset, or nothing), and
// what Unit's JSON reader refuses although JSON.parse takes it (duplicate members, lone
// surrogates, absurd nesting) is refused before JSON.parse runs.
import { ProblemsError, UsageError } from '../errors.js';
import { scanJson, syntaxErrorAt } from './json-scan.js';

export function parseJsonText(text: string, source: string, hint?: string): unknown {
  const fault = scanJson(text);
  if (fault?.reason !== undefined) {
    const where = `${fault.path === undefined ? '' : `${fault.path}: `}${fault.reason}`;
    throw new ProblemsError(
      `${source} is not JSON that Unit accepts (${position(text, fault.offset)}): ${where}.`,
      [{ path: fault.path ?? '', message: fault.reason }],
      hint,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${source} is not valid JSON${jsonErrorDetail(text, message)}.`, hint);
  }
}

/**
 * ` (line 3, column 1): Expected double-quoted property name` from the text and the parser's
 * message, whichever Node wrote it: the place comes from the scanner, the words from Node.
 */
export function jsonErrorDetail(text: string, message: string): string {
  const offset = syntaxErrorAt(text) ?? locate(text, message);
  const where = offset === undefined ? '' : ` (${position(text, offset)})`;
  // Node quotes the whole input in some messages and appends the offset in others: drop both.
  const why = message
    .replace(/, (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, '')
    .replace(/\s*(in JSON )?at position \d+.*$/s, '')
    .trim();
  return `${where}: ${why}`;
}

// Only when the scanner and JSON.parse disagree, which would be a bug in the scanner.
function locate(text: string, message: string): number | undefined {
  const at = /at position (\d+)/.exec(message)?.[1];
  if (at !== undefined) return Number(at);
  return /end of JSON input/.test(message) ? text.length : undefined;
}

/** "line 3, column 5" for a character offset. */
export function position(text: string, offset: number): string {
  const lines = text.slice(0, Math.max(0, offset)).split('\n');
  return `line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}`;
}
