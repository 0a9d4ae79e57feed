/** Readers for numbers, {n,m} counts and names, as PCRE2's read_number, read_repeat_counts, read_name. */
import { Fail, fail, type ErrNo } from './messages.js';
import { isDigit, isWord, type State } from './state.js';

export const MAX_GROUP = 65535;
const MAX_REPEAT = 65535;
const MAX_NAME = 32;
export const UNLIMITED = MAX_REPEAT + 1;

interface Num {
  n: number;
  p: number;
}

/**
 * A decimal number at p; with allowSign >= 0 a leading + or - makes it relative to that group count.
 * undefined when no digit is there; fails (error at where reading stopped) when it is out of range.
 */
export function readNumber(
  st: State,
  p: number,
  allowSign: number,
  max: number,
  maxError: ErrNo,
): Num | undefined {
  let sign = 0;
  if (allowSign >= 0 && p < st.end) {
    if (st.at(p) === 0x2b) {
      sign = 1;
      max -= allowSign;
      p++;
    } else if (st.at(p) === 0x2d) {
      sign = -1;
      p++;
    }
  }
  if (p >= st.end || !isDigit(st.at(p))) return undefined;
  let n = 0;
  while (p < st.end && isDigit(st.at(p))) {
    n = n * 10 + st.at(p++) - 0x30;
    if (n > max) fail(maxError, p);
  }
  if (allowSign >= 0 && sign !== 0) {
    if (n === 0) fail(26, p);
    if (sign > 0) n += allowSign;
    else if (n > allowSign) fail(15, p);
    else n = allowSign + 1 - n;
  }
  return { n, p };
}

/** A {n}, {n,} or {n,m} quantifier after the brace at p - 1; undefined when the text is not one. */
export function readRepeat(
  st: State,
  p: number,
): { min: number; max: number; p: number } | undefined {
  let comma = false;
  for (let q = p; ; q++) {
    if (q >= st.end) return undefined;
    const c = st.at(q);
    if (isDigit(c)) continue;
    if (c === 0x7d) break;
    if (c !== 0x2c || comma) return undefined;
    comma = true;
  }
  const min = readNumber(st, p, -1, MAX_REPEAT, 5);
  if (!min) return undefined; // "{,n}" is not a quantifier in 10.42
  p = min.p;
  if (st.at(p) === 0x7d) return { min: min.n, max: min.n, p: p + 1 };
  p++;
  let max = UNLIMITED;
  if (st.at(p) !== 0x7d) {
    const m = readNumber(st, p, -1, MAX_REPEAT, 5);
    if (!m) return undefined;
    p = m.p;
    if (m.n < min.n) fail(4, p);
    max = m.n;
  }
  return { min: min.n, max, p: p + 1 };
}

const unicodeDigit = /\p{Nd}/u;
const unicodeNameChar = /[\p{L}\p{Nd}_]/u;

/**
 * A group name (or verb name, when the character at p is '*') after position p. Group names must
 * end with `terminator`, which is consumed. Returns the name and where it starts.
 */
export function readName(
  st: State,
  p: number,
  terminator: number,
): { name: string; offset: number; p: number } {
  const isGroup = st.at(p) !== 0x2a;
  if (++p >= st.end) fail(isGroup ? 62 : 60, p);
  const start = p;
  if (st.utf && isGroup) {
    let c = st.getChar(p);
    if (unicodeDigit.test(String.fromCodePoint(c))) fail(44, p);
    while (c === 0x5f || unicodeNameChar.test(String.fromCodePoint(c))) {
      p = st.next;
      if (p >= st.end) break;
      c = st.getChar(p);
    }
  } else {
    if (isGroup && isDigit(st.at(p))) fail(44, p);
    while (p < st.end && isWord(st.at(p))) p++;
  }
  if (p > start + MAX_NAME) fail(48, p);
  const name = st.text(start, p);
  if (isGroup) {
    if (p === start) fail(62, p);
    if (p >= st.end || st.at(p) !== terminator) fail(42, p);
    p++;
  }
  return { name, offset: start, p };
}

/** Runs a reader whose errors PCRE2 reports at `offset` rather than where the reader stopped. */
export function errorsAt<T>(offset: number, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof Fail) fail(e.code, offset);
    throw e;
  }
}
