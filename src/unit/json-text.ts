// JSON typed by people (a --file, a template set, an edited definition): a syntax error names the
// source and, where it can be found, the line and column; Node gives only an offset, or nothing.
import { UsageError } from '../errors.js';

export function parseJsonText(text: string, source: string, hint?: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = locate(text, message);
    const where = offset === undefined ? '' : ` (${position(text, offset)})`;
    // Node quotes the whole input in some messages and appends the offset in others: drop both.
    const why = message
      .replace(/, (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, '')
      .replace(/\s*(in JSON )?at position \d+.*$/s, '')
      .trim();
    throw new UsageError(`${source} is not valid JSON${where}: ${why}.`, hint);
  }
}

function locate(text: string, message: string): number | undefined {
  const at = /at position (\d+)/.exec(message)?.[1];
  if (at !== undefined) return Number(at);
  if (/end of JSON input/.test(message)) return text.length;
  const token = /Unexpected token '?(.)/.exec(message)?.[1];
  return token === undefined ? undefined : firstOutsideStrings(text, token);
}

/** Where `char` first occurs outside a string: where the parser stopped, for stray characters. */
function firstOutsideStrings(text: string, char: string): number | undefined {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === char) {
      return i;
    } else if (c === '"') {
      inString = true;
    }
  }
  return undefined;
}

/** "line 3, column 5" for a character offset. */
export function position(text: string, offset: number): string {
  const lines = text.slice(0, Math.max(0, offset)).split('\n');
  return `line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}`;
}
