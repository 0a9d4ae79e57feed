// The one way dactl turns JSON text into data, whatever its source: a panel's reply, a file or
// stdin, a copy the doctor reads. The scanner (scan.ts) reads the text first, so nothing nested
// deeper than a limit gets further. JSON.parse itself takes any depth, but what walks the data
// after it recurses (YAML output, --query, the table writer, redaction), and a reply nested
// 100,000 levels deep ended those with "Maximum call stack size exceeded".
import { scanJson, type JsonFault, type ScanRules } from './scan.js';

/**
 * The deepest JSON dactl reads. The panel's replies and Unit's documents are a few levels deep (a
 * dozen for a route with nested fallbacks); the deepest-recursing writer, YAML, overflows Node's
 * stack near 700 levels of objects, so 256 leaves it more than half of its stack.
 */
export const MAX_DEPTH = 256;

/**
 * The deepest JSON dactl sends (a file, --input, a --set value): a little less, so that the
 * panel's reply holding it (a route in its route set's settings, a definition in a list) is still
 * one dactl reads. Unit itself takes deeper (a route of 1,000 nested fallbacks), which no one needs.
 */
export const MAX_SEND_DEPTH = MAX_DEPTH - 16;

interface JsonError extends JsonFault {
  /** The reason, or Node's words for a plain syntax error. */
  message: string;
}

export type Parsed = { ok: true; value: unknown } | { ok: false; error: JsonError };

/** The value of a JSON text, or where and why it is not one dactl reads. */
export function parseJson(text: string, rules: Partial<ScanRules> = {}): Parsed {
  const fault = scanJson(text, { maxDepth: rules.maxDepth ?? MAX_DEPTH, unit: rules.unit });
  // Too deep, or refused by Unit's rules: JSON.parse never sees it.
  if (fault?.reason !== undefined) return { ok: false, error: { ...fault, message: fault.reason } };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = fault?.offset ?? syntaxErrorAt(text, message) ?? text.length;
    return { ok: false, error: { offset, message } };
  }
}

/** Whether data dactl made (a --query result) is nested deeper than it reads. Iterative. */
export function deeperThan(value: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, depth] = top;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= maxDepth) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Where a text's syntax error is: the scanner's offset, else Node's from its message (which has
 * one in some versions only), which would mean the scanner is wrong.
 */
export function syntaxErrorAt(text: string, message = ''): number | undefined {
  const offset = scanJson(text, { maxDepth: Infinity })?.offset;
  if (offset !== undefined) return offset;
  const at = /at position (\d+)/.exec(message)?.[1];
  if (at !== undefined) return Number(at);
  return /end of JSON input/.test(message) ? text.length : undefined;
}
