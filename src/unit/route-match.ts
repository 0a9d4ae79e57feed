// A step's `match` object (Unit's match members): which keys exist, and the patterns each takes.
// Patterns: `*` wildcards (never `**`), a leading `!` negates, a leading `~` makes a regular
// expression; uri, query and arguments must also be valid %-encoding.
import { addressProblem } from './route-address.js';
import { isRecord } from '../json/record.js';
import { jsonPath } from '../json/path.js';
import { strings, typeName, unknownKey, type Checker } from './route-common.js';
import { isTemplate, templateProblem } from './route-vars.js';
import { checkPcre2 } from './pcre2/check.js';

export const matchKeys = [
  'method',
  'scheme',
  'host',
  'source',
  'destination',
  'uri',
  'query',
  'arguments',
  'headers',
  'cookies',
  'if',
] as const;

export function checkMatch(c: Checker, match: unknown, path: string): void {
  if (!isRecord(match)) {
    c.problem(path, `must be an object of conditions, not ${typeName(match)}`);
    return;
  }
  for (const [key, value] of Object.entries(match)) {
    const at = jsonPath(path, key);
    switch (key) {
      case 'method':
      case 'host':
        patterns(c, value, at, false);
        break;
      case 'uri':
      case 'query':
        patterns(c, value, at, true);
        break;
      case 'scheme':
        if (typeof value !== 'string') c.problem(at, `must be a string, not ${typeName(value)}`);
        else if (!['http', 'https'].includes(value.toLowerCase())) {
          c.problem(at, 'must be "http" or "https"');
        }
        break;
      case 'source':
      case 'destination':
        strings(c, value, at, (text, where) => {
          const bad = addressProblem(text);
          if (bad !== undefined) c.problem(where, bad);
        });
        break;
      case 'arguments':
      case 'headers':
      case 'cookies':
        patternSets(c, value, at, key === 'arguments');
        break;
      case 'if':
        checkIf(c, value, at);
        break;
      default:
        unknownKey(c, path, key, '"match"', matchKeys);
    }
  }
}

function patterns(c: Checker, value: unknown, path: string, encoded: boolean): void {
  strings(c, value, path, (text, where) => {
    const bad = patternProblem(text, encoded);
    if (bad !== undefined) c.problem(where, bad);
  });
}

/** headers, cookies, arguments: an object of name → patterns, or an array of such objects. */
function patternSets(c: Checker, value: unknown, path: string, encoded: boolean): void {
  const sets = Array.isArray(value) ? value : [value];
  if (!Array.isArray(value) && !isRecord(value)) {
    c.problem(path, `must be an object or an array of objects, not ${typeName(value)}`);
    return;
  }
  sets.forEach((set: unknown, i) => {
    const at = Array.isArray(value) ? jsonPath(path, i) : path;
    if (!isRecord(set)) {
      c.problem(at, `must be an object of name → pattern, not ${typeName(set)}`);
      return;
    }
    for (const [name, item] of Object.entries(set)) {
      if (name === '') c.problem(at, 'names must not be empty');
      else if (encoded && !decodes(name)) c.problem(jsonPath(at, name), badEncoding);
      else patterns(c, item, jsonPath(at, name), encoded);
    }
  });
}

function checkIf(c: Checker, value: unknown, path: string): void {
  if (typeof value !== 'string') {
    c.problem(path, `must be a string, not ${typeName(value)}`);
    return;
  }
  const text = value.startsWith('!') ? value.slice(1) : value;
  const bad = isTemplate(text) ? templateProblem(text) : undefined;
  if (bad !== undefined) c.problem(path, bad);
}

const badEncoding = 'has a "%" that is not followed by two hexadecimal digits';

const decodes = (text: string): boolean => !/%(?![0-9A-Fa-f]{2})/.test(text);

/** The rule a single pattern breaks, or undefined. */
export function patternProblem(pattern: string, encoded: boolean): string | undefined {
  const first = pattern.startsWith('!') ? 1 : 0;
  if (pattern[first] === '~') {
    const bad = regexProblem(pattern.slice(first + 1));
    if (bad !== undefined) return bad;
  } else if (pattern.slice(first).includes('**')) {
    return `pattern "${pattern}" must not contain "**"`;
  }
  return encoded && !decodes(pattern) ? `pattern "${pattern}" ${badEncoding}` : undefined;
}

/** Unit compiles `~` patterns with PCRE2 (no options); the checker answers as pcre2_compile would. */
function regexProblem(source: string): string | undefined {
  const error = checkPcre2(source);
  if (error === undefined) return undefined;
  const at = error.offset < Buffer.byteLength(source) ? ` (at byte ${error.offset})` : '';
  return `"${source}" is not a valid regular expression: ${error.message}${at}`;
}
