/** Backslash escapes, as PCRE2's check_escape() judges them without PCRE2_ALT_BSUX. */
import { fail } from './messages.js';
import { errorsAt, MAX_GROUP, readNumber, readRepeat } from './read.js';
import { hexValue, isDigit, type State } from './state.js';

type Escape =
  | { kind: 'char'; c: number; p: number }
  | { kind: 'ref'; n: number; p: number }
  | { kind: 'esc'; e: string; p: number };

/** Letters that stand for themselves as a data character after a backslash. */
const DATA: Record<string, number> = { a: 7, e: 27, f: 12, n: 10, r: 13, t: 9 };
/** Letters that are special escapes (\d, \A, ...). */
const SPECIAL = 'ABCDEGHKNPQRSVWXZbdhkpsvwz';

const isOctal = (c: number): boolean => c >= 0x30 && c <= 0x37;

/** The escape after the backslash at p - 1. */
export function checkEscape(st: State, p: number, isClass: boolean): Escape {
  if (p >= st.end) fail(1, p);
  const c = st.getChar(p);
  p = st.next;
  // Everything outside '0'..'z' and every non-alphanumeric is a literal.
  if (c < 0x30 || c > 0x7a || !/[0-9A-Za-z]/.test(String.fromCharCode(c))) {
    return { kind: 'char', c, p };
  }
  const ch = String.fromCharCode(c);
  const data = DATA[ch];
  if (data !== undefined) return { kind: 'char', c: data, p };
  if (SPECIAL.includes(ch)) {
    // \N{U+hhhh} is for UTF mode only; \N{2,3} is \N with a quantifier; any other \N{ is refused.
    if (ch === 'N' && st.at(p) === 0x7b) {
      if (st.at(p + 1) === 0x55 && st.at(p + 2) === 0x2b) {
        if (!st.utf) fail(93, p);
        return braced(st, p + 2, 16);
      }
      if (!errorsAt(p, () => readRepeat(st, p + 1))) fail(37, p);
    }
    return { kind: 'esc', e: ch, p };
  }
  switch (ch) {
    case 'F':
    case 'l':
    case 'L':
    case 'u':
    case 'U':
      fail(37, p);
    // falls through (fail never returns)
    case 'g':
      return backslashG(st, p, isClass);
    case 'o':
      if (p >= st.end) fail(55, p - 1);
      if (st.at(p) !== 0x7b) fail(55, p);
      return braced(st, p, 8);
    case 'x':
      if (st.at(p) === 0x7b) return braced(st, p, 16);
      {
        let v = 0;
        for (let i = 0; i < 2 && p < st.end && hexValue(st.at(p)) >= 0; i++)
          v = v * 16 + hexValue(st.at(p++));
        return { kind: 'char', c: v, p };
      }
    case 'c': {
      if (p >= st.end) fail(2, p);
      let v = st.at(p);
      if (v >= 0x61 && v <= 0x7a) v -= 32;
      if (v < 32 || v > 126) fail(68, p);
      return { kind: 'char', c: v ^ 0x40, p: p + 1 };
    }
  }
  if (isDigit(c)) return digits(st, p, c, isClass);
  return fail(3, p - 1);
}

/** \g outside a class: \gN, \g{N}, \g{-N}, \g{name} (as \k), \g<..> and \g'..' (calls). */
function backslashG(st: State, p: number, isClass: boolean): Escape {
  if (isClass) return { kind: 'char', c: 0x67, p };
  if (p >= st.end) fail(57, p);
  const c = st.at(p);
  if (c === 0x3c || c === 0x27) return { kind: 'esc', e: 'g', p };
  let r;
  if (c === 0x7b) {
    r = errorsAt(p, () => readNumberAt(st, p + 1));
    if (!r) return { kind: 'esc', e: 'k', p };
    if (r.p >= st.end || st.at(r.p) !== 0x7d) fail(57, p);
    r.p++;
  } else {
    r = readNumberAt(st, p);
    if (!r) fail(57, p);
  }
  if (r.n <= 0) fail(15, r.p);
  return { kind: 'ref', n: r.n, p: r.p };
}

/** read_number relative to the groups opened so far; errors from a brace form point at the brace. */
function readNumberAt(st: State, p: number): { n: number; p: number } | undefined {
  return readNumber(st, p, st.bracount, MAX_GROUP, 61);
}

/** \1..\9 and longer digit strings: a back reference or an octal character. */
function digits(st: State, p: number, c: number, isClass: boolean): Escape {
  if (c !== 0x30 && !isClass) {
    let n = 0;
    let q = p - 1;
    let overflow = false;
    while (q < st.end && isDigit(st.at(q))) {
      n = n * 10 + st.at(q++) - 0x30;
      if (n > 214748363) {
        overflow = true;
        break;
      }
    }
    if (!overflow && (n < 10 || c >= 0x38 || n <= st.bracount)) {
      if (n > MAX_GROUP) fail(61, q);
      return { kind: 'ref', n, p: q };
    }
  }
  if (c >= 0x38) return { kind: 'char', c, p };
  let v = c - 0x30;
  for (let i = 0; i < 2 && p < st.end && isOctal(st.at(p)); i++) v = v * 8 + st.at(p++) - 0x30;
  if (!st.utf && v > 0xff) fail(51, p);
  return { kind: 'char', c: v, p };
}

/** \x{hhh}, \o{ooo} and \N{U+hhh}: p is at the opening brace (or the + of U+). */
function braced(st: State, p: number, base: 8 | 16): Escape {
  if (++p >= st.end || st.at(p) === 0x7d) fail(78, p);
  const max = st.utf ? 0x10ffff : 0xff;
  const digit = (b: number): number => (base === 16 ? hexValue(b) : isOctal(b) ? b - 0x30 : -1);
  let v = 0;
  while (p < st.end && digit(st.at(p)) >= 0) {
    v = v * base + digit(st.at(p++));
    if (v > max) {
      while (p < st.end && digit(st.at(p)) >= 0) p++;
      fail(34, p);
    }
  }
  if (p < st.end && st.at(p) === 0x7d) {
    if (st.utf && v >= 0xd800 && v <= 0xdfff) fail(73, p);
    return { kind: 'char', c: v, p: p + 1 };
  }
  // PCRE2 steps back one code unit when the pattern ends inside the braces.
  return fail(base === 16 ? 67 : 64, p < st.end ? p : p - 1);
}
