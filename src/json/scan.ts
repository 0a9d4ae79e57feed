// Reads a JSON text before JSON.parse sees it (parse.ts): the offset of the first character it
// cannot accept, and why, where Node says nothing or too little. Iterative, not recursive: a text
// nested 100,000 levels deep is refused at its limit, not a crash. With Unit's rules it also
// refuses what Unit's JSON reader refuses although JSON.parse takes it: two members of the same
// name (JSON.parse keeps the last), named by their JSON path, and lone UTF-16 surrogates
// (`"\ud800"`). Character codes, not one-character strings: about as fast as JSON.parse itself.
import { jsonPath } from './path.js';

export interface JsonFault {
  offset: number;
  /** Why, when it is more than a syntax error JSON.parse also reports. */
  reason?: string;
  /** The JSON path of a duplicate member. */
  path?: string;
  /** Refused for its nesting (JSON all the same). */
  tooDeep?: true;
}

export interface ScanRules {
  /** The deepest nesting taken: arrays and objects inside one another. */
  maxDepth: number;
  /** Unit's reader: duplicate members and lone surrogates are refused too. */
  unit?: boolean;
}

class Stop extends Error {
  constructor(readonly fault: JsonFault) {
    super(fault.reason ?? `JSON syntax error at ${String(fault.offset)}`);
  }
}

interface Frame {
  object: boolean;
  /** With Unit's rules: the member names seen so far, for an object. */
  keys?: Set<string>;
  /** With Unit's rules: the member name or index the next value goes to, and the frame's path. */
  key: string | number;
  path: string;
}

const isHigh = (u: number): boolean => u >= 0xd800 && u <= 0xdbff;
const isLow = (u: number): boolean => u >= 0xdc00 && u <= 0xdfff;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean =>
  isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** The characters after a backslash other than u: " \ / b f n r t. */
const escapes = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

/** The first fault of the text, or undefined when it is JSON within the rules. */
export function scanJson(text: string, rules: ScanRules): JsonFault | undefined {
  const { maxDepth, unit = false } = rules;
  let i = 0;
  const fail = (reason?: string, at = i, path?: string): never => {
    throw new Stop({ offset: at, reason, path });
  };
  const space = (): void => {
    for (let c = text.charCodeAt(i); c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;) {
      c = text.charCodeAt(++i);
    }
  };
  const expect = (code: number): void => {
    if (text.charCodeAt(i) !== code) fail();
    i++;
  };
  const digits = (): void => {
    if (!isDigit(text.charCodeAt(i))) fail();
    while (isDigit(text.charCodeAt(i))) i++;
  };
  /** Four hex digits after the u at i; i ends on the last. */
  const hex4 = (): number => {
    for (let n = 1; n <= 4; n++) {
      if (!isHex(text.charCodeAt(i + n))) {
        i += n;
        fail();
      }
    }
    i += 4;
    return parseInt(text.slice(i - 3, i + 1), 16);
  };
  /** A string; its value when asked (a member name under Unit's rules). */
  const string = (value: boolean): string => {
    const start = i;
    expect(QUOTE);
    let pendingHigh = -1;
    for (;;) {
      if (!unit) {
        // Most of a reply is plain characters: skip them in one tight loop.
        for (let p = text.charCodeAt(i); p >= 0x20 && p !== QUOTE && p !== BACKSLASH;) {
          p = text.charCodeAt(++i);
        }
      }
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) fail();
      if (pendingHigh >= 0 && c !== BACKSLASH) fail(loneSurrogate, pendingHigh);
      if (c === QUOTE) {
        i++;
        return value ? (JSON.parse(text.slice(start, i)) as string) : '';
      }
      if (c < 0x20) fail();
      if (c === BACKSLASH) {
        const at = i++;
        const e = text.charCodeAt(i);
        if (e === 0x75 /* u */) {
          const code = hex4();
          if (!unit) {
            // JSON.parse takes lone surrogates; only Unit's reader refuses them.
          } else if (pendingHigh >= 0) {
            if (!isLow(code)) fail(loneSurrogate, pendingHigh);
            pendingHigh = -1;
          } else if (isHigh(code)) pendingHigh = at;
          else if (isLow(code)) fail(loneSurrogate, at);
        } else if (pendingHigh >= 0) fail(loneSurrogate, pendingHigh);
        else if (!escapes.has(e)) fail();
      } else if (unit && (isHigh(c) || isLow(c))) {
        // A raw surrogate: a pair is one character, a lone one is not UTF-8 at all.
        if (!isHigh(c) || !isLow(text.charCodeAt(i + 1))) fail(loneSurrogate);
        i++;
      }
      i++;
    }
  };
  const number = (): void => {
    if (text.charCodeAt(i) === 0x2d /* - */) i++;
    if (text.charCodeAt(i) === 0x30 /* 0 */) i++;
    else digits();
    if (text.charCodeAt(i) === 0x2e /* . */) {
      i++;
      digits();
    }
    const e = text.charCodeAt(i);
    if (e === 0x65 || e === 0x45) {
      i++;
      const sign = text.charCodeAt(i);
      if (sign === 0x2b || sign === 0x2d) i++;
      digits();
    }
  };
  const literal = (word: string): void => {
    for (let n = 0; n < word.length; n++) expect(word.charCodeAt(n));
  };

  const stack: Frame[] = [];
  /** Reads a member name and its colon into the object on top of the stack. */
  const memberName = (frame: Frame): void => {
    const at = i;
    if (text.charCodeAt(i) !== QUOTE) fail();
    const name = string(unit);
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
    expect(0x3a /* : */);
  };
  const childPath = (): string => {
    const top = stack.at(-1);
    return top === undefined || !unit ? '' : jsonPath(top.path, top.key);
  };

  try {
    for (;;) {
      // A value starts here.
      space();
      const c = text.charCodeAt(i);
      if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
        if (stack.length >= maxDepth) {
          const reason = `the JSON is nested more than ${String(maxDepth)} levels deep, the most dactl reads`;
          throw new Stop({ offset: i, reason, tooDeep: true });
        }
        const object = c === 0x7b;
        const frame: Frame = { object, key: 0, path: childPath() };
        if (object && unit) frame.keys = new Set();
        i++;
        space();
        if (text.charCodeAt(i) !== (object ? 0x7d : 0x5d)) {
          stack.push(frame);
          if (object) memberName(frame);
          continue;
        }
        i++;
      } else if (c === QUOTE) string(false);
      else if (c === 0x2d || isDigit(c)) number();
      else if (c === 0x74) literal('true');
      else if (c === 0x66) literal('false');
      else if (c === 0x6e) literal('null');
      else fail();
      // A value ended: close what it completes, or go on to the next member or element.
      for (;;) {
        const top = stack.at(-1);
        space();
        if (top === undefined) {
          if (i < text.length) fail();
          return undefined;
        }
        if (text.charCodeAt(i) === (top.object ? 0x7d : 0x5d)) {
          i++;
          stack.pop();
          continue;
        }
        expect(0x2c /* , */);
        space();
        if (top.object) memberName(top);
        else top.key = (top.key as number) + 1;
        break;
      }
    }
  } catch (error) {
    if (error instanceof Stop) return error.fault;
    throw error;
  }
}

const loneSurrogate =
  'a \\u escape here is half of a UTF-16 surrogate pair; Unit reads only whole characters';
