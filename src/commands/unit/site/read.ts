// The document `unit apply -f` reads: JSON when it starts as JSON (read by the one JSON reader,
// with Unit's rules), YAML otherwise. YAML that is not plain JSON data (an infinity, a binary,
// nesting deeper than dactl sends) is refused with its place, before anything is checked or sent.
import { UsageError } from '../../../errors.js';
import { inputName, readInput } from '../../../input.js';
import { isRecord } from '../../../json/record.js';
import { MAX_SEND_DEPTH, deeperThan } from '../../../json/parse.js';
import { jsonPath } from '../../../json/path.js';
import { parseJsonText, position } from '../../../unit/json-text.js';

export async function readSiteFile(stdin: NodeJS.ReadableStream, file: string): Promise<unknown> {
  const text = await readInput(stdin, file, '-f');
  const source = inputName('-f', file);
  if (!text.trim()) throw new UsageError(`${source} is empty.`, hint);
  if (/^\s*[{[]/.test(text)) return parseJsonText(text, source, hint);
  const value = await parseYaml(text, source);
  if (deeperThan(value, MAX_SEND_DEPTH)) {
    throw new UsageError(`${source} is nested deeper than ${String(MAX_SEND_DEPTH)} levels.`);
  }
  const odd = notJson(value, '');
  if (odd !== undefined) {
    throw new UsageError(`${source}: ${odd.path || 'the document'} ${odd.why}.`, hint);
  }
  return value;
}

const hint = 'Start from what "dactl unit export --domain <domain>" prints.';

async function parseYaml(text: string, source: string): Promise<unknown> {
  // yaml is CommonJS: its functions hang off the default export once bundled.
  const yaml = (await import('yaml')).default;
  try {
    const doc = yaml.parseDocument(text, { schema: 'core', uniqueKeys: true, prettyErrors: false });
    const [error] = doc.errors;
    if (error !== undefined) {
      const why = error.message.split('\n')[0] ?? error.message;
      throw new UsageError(
        `${source} is not valid YAML (${position(text, error.pos[0])}): ${why}`,
        hint,
      );
    }
    return doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // A stack overflow on absurd nesting, or too many aliases (a "billion laughs" document).
    const why = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${source} is not YAML dactl reads: ${why}.`, hint);
  }
}

/** The first value JSON cannot hold: a number that is not finite, or a YAML tag's object. */
function notJson(value: unknown, path: string): { path: string; why: string } | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') {
    return Number.isFinite(value)
      ? undefined
      : { path, why: `is ${String(value)}, not a JSON number` };
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const odd = notJson(item, jsonPath(path, i));
      if (odd) return odd;
    }
    return undefined;
  }
  if (isRecord(value) && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const odd = notJson(item, jsonPath(path, key));
      if (odd) return odd;
    }
    return undefined;
  }
  return { path, why: 'is not JSON data (a string, number, true/false, null, list or map)' };
}
