// Reads a JSON text the way Unit's JSON reader would, before JSON.parse sees it: the offset of
// the first character it cannot accept, and why, for what Node says nothing or too little about.
// JSON.parse keeps the last of two members of the same name and takes lone UTF-16 surrogates
// (`"\ud800"`); Unit refuses both, so these are refused here, the duplicate named by its JSON
// path. Iterative, not recursive: a text nested 200,000 levels deep is refused, not a crash.
import { jsonPath } from './validate.js';

/** Deeper than any route or definition needs (1,000 nested fallbacks fit), shallow for Node. */
export const MAX_DEPTH = 1024;

export interface JsonFault {
  offset: number;
  /** Why, when it is more than a syntax error JSON.parse also reports. */
  reason?: string;
  /** The JSON path of a duplicate member. */
  path?: string;
}

class Stop extends Error {
  constructor(
    readonly at: number,
    readonly reason?: string,
    readonly path?: string,
  ) {
    super(reason ?? `JSON syntax error at ${String(at)}`);
  }
}

interface Frame {
  /** The keys seen so far, for an object; undefined for an array. */
  keys?: Set<string>;
  /** The member name or index the next value goes to. */
  key: string | number;
  path: string;
}

const isHigh = (u: number): boolean => u >= 0xd800 && u <= 0xdbff;
const isLow = (u: number): boolean => u >= 0xdc00 && u <= 0xdfff;

/** The first fault of the text, or undefined when Unit would read it. */
export function scanJson(text: string): JsonFault | undefined {
  let i = 0;
  const fail = (reason?: string, at = i, path?: string): never => {
    throw new Stop(at, reason, path);
  };
  const space = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const expect = (char: string): void => {
    if (text[i] !== char) fail();
    i++;
  };
  const digits = (): void => {
    if (!/[0-9]/.test(text.charAt(i))) fail();
    while (/[0-9]/.test(text.charAt(i))) i++;
  };
  const hex4 = (): number => {
    const h = text.slice(i + 1, i + 5);
    if (!/^[0-9A-Fa-f]{4}$/.test(h)) {
      i += 1 + (/^[0-9A-Fa-f]*/.exec(h)?.[0].length ?? 0);
      fail();
    }
    i += 4;
    return parseInt(h, 16);
  };
  /** A string; returns its value (needed for member names). */
  const string = (): string => {
    const start = i;
    expect('"');
    let pendingHigh = -1;
    for (;;) {
      const c = text.charAt(i);
      if (c === '') fail();
      if (pendingHigh >= 0 && c !== '\\') fail(loneSurrogate, pendingHigh);
      if (c === '"') {
        i++;
        return JSON.parse(text.slice(start, i)) as string;
      }
      if (c < ' ') fail();
      const code = c.charCodeAt(0);
      if (isHigh(code) || isLow(code)) {
        // A raw surrogate: a pair is one character, a lone one is not UTF-8 at all.
        if (!isHigh(code) || !isLow(text.charCodeAt(i + 1))) fail(loneSurrogate);
        i++;
      } else if (c === '\\') {
        const at = i;
        i++;
        const e = text.charAt(i);
        if (e === 'u') {
          const unit = hex4();
          if (pendingHigh >= 0) {
            if (!isLow(unit)) fail(loneSurrogate, pendingHigh);
            pendingHigh = -1;
          } else if (isHigh(unit)) pendingHigh = at;
          else if (isLow(unit)) fail(loneSurrogate, at);
        } else if (pendingHigh >= 0) fail(loneSurrogate, pendingHigh);
        else if (e === '' || !'"\\/bfnrt'.includes(e)) fail();
      }
      i++;
    }
  };
  const number = (): void => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits();
    if (text[i] === '.') {
      i++;
      digits();
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits();
    }
  };
  const literal = (word: string): void => {
    for (const char of word) expect(char);
  };

  const stack: Frame[] = [];
  /** Reads a member name and its colon into the object on top of the stack. */
  const memberName = (frame: Frame): void => {
    const at = i;
    if (text[i] !== '"') fail();
    const name = string();
    if (frame.keys?.has(name)) {
      fail(
        `${name === '' ? 'an empty member name' : `"${name}"`} appears twice in the same object; Unit refuses duplicate members: keep one`,
        at,
        jsonPath(frame.path, name),
      );
    }
    frame.keys?.add(name);
    frame.key = name;
    space();
    expect(':');
  };
  const childPath = (): string => {
    const top = stack.at(-1);
    return top === undefined ? '' : jsonPath(top.path, top.key);
  };

  try {
    for (;;) {
      // A value starts here.
      space();
      const c = text.charAt(i);
      if (c === '{' || c === '[') {
        if (stack.length >= MAX_DEPTH) {
          fail(
            `the JSON is nested more than ${String(MAX_DEPTH)} levels deep; dactl reads at most that many (a route or definition needs a few dozen)`,
          );
        }
        const frame: Frame =
          c === '{'
            ? { keys: new Set(), key: '', path: childPath() }
            : { key: 0, path: childPath() };
        i++;
        space();
        const close = c === '{' ? '}' : ']';
        if (text[i] !== close) {
          stack.push(frame);
          if (frame.keys) memberName(frame);
          continue;
        }
        i++;
      } else if (c === '"') string();
      else if (c === '-' || /[0-9]/.test(c)) number();
      else if (c === 't') literal('true');
      else if (c === 'f') literal('false');
      else if (c === 'n') literal('null');
      else fail();
      // A value ended: close what it completes, or go on to the next member or element.
      for (;;) {
        const top = stack.at(-1);
        space();
        if (top === undefined) {
          if (i < text.length) fail();
          return undefined;
        }
        const close = top.keys ? '}' : ']';
        if (text[i] === close) {
          i++;
          stack.pop();
          continue;
        }
        expect(',');
        space();
        if (top.keys) memberName(top);
        else top.key = (top.key as number) + 1;
        break;
      }
    }
  } catch (error) {
    if (error instanceof Stop) return { offset: error.at, reason: error.reason, path: error.path };
    throw error;
  }
}

const loneSurrogate =
  'a \\u escape here is half of a UTF-16 surrogate pair; Unit reads only whole characters';

/** The offset of the first syntax error, or undefined when the text is valid JSON. */
export function syntaxErrorAt(text: string): number | undefined {
  return scanJson(text)?.offset;
}
