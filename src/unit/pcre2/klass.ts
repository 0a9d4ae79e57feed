/** Character classes [...], as PCRE2's parse_regex() reads them. */
import { checkEscape } from './escape.js';
import { fail } from './messages.js';
import { readProperty } from './props.js';
import type { State } from './state.js';

const POSIX = new Set(
  'alpha lower upper alnum ascii blank cntrl digit graph print punct space word xdigit'.split(' '),
);

/**
 * After '[' at p - 1, is this a POSIX "[:name:]" ("[.x.]", "[=x=]") item? Returns the position of
 * its closing ':' ('.', '='), or -1. Mirrors check_posix_syntax.
 */
export function posixEnd(st: State, p: number): number {
  const term = st.at(p++);
  for (; st.end - p >= 2; p++) {
    const c = st.at(p);
    if (c === 0x5c && (st.at(p + 1) === 0x5d || st.at(p + 1) === 0x5c)) p++;
    else if ((c === 0x5b && st.at(p + 1) === term) || c === 0x5d) return -1;
    else if (c === term && st.at(p + 1) === 0x5d) return p;
  }
  return -1;
}

const enum Range {
  No,
  Started,
  Ok,
}

/** An item of a class, as PCRE2's parsed pattern holds it: characters, a POSIX class, an escape. */
export type ClassPart =
  | { kind: 'chars'; from: number; to: number }
  | { kind: 'posix'; name: string; not: boolean }
  /** \d \D \s \S \w \W \h \H \v \V, and \p (P when negated). */
  | { kind: 'esc'; e: string };

/** Reads a class whose '[' was at p - 1: the position after its ']', whether it is negated, its parts. */
export function readClass(
  st: State,
  p: number,
  extendedMore: boolean,
): { p: number; negated: boolean; parts: ClassPart[] } {
  const parts: ClassPart[] = [];
  let c = 0x5b;
  let negated = false;
  // Leading \E, \Q\E, space/tab in (?xx) mode and one ^ are skipped.
  while (p < st.end) {
    c = st.getChar(p);
    p = st.next;
    if (c === 0x5c) {
      if (st.at(p) === 0x45) p++;
      else if (st.at(p) === 0x51 && st.at(p + 1) === 0x5c && st.at(p + 2) === 0x45) p += 3;
      else break;
    } else if (extendedMore && (c === 0x20 || c === 0x09)) continue;
    else if (!negated && c === 0x5e) negated = true;
    else break;
  }
  let inQ = false;
  let range = Range.No;
  let last = 0;
  for (;;) {
    let isChar = false;
    if (inQ) {
      if (c === 0x5c && st.at(p) === 0x45) {
        inQ = false;
        p++;
      } else isChar = true;
    } else if (extendedMore && (c === 0x20 || c === 0x09)) {
      // skipped
    } else if (c === 0x5b && st.end - p >= 3 && isPosixStart(st.at(p)) && posixEnd(st, p) >= 0) {
      const end = posixEnd(st, p);
      if (range === Range.Started) fail(50, p);
      if (st.at(p) !== 0x3a) fail(13, p - 1);
      const not = st.at(++p) === 0x5e;
      if (not) p++;
      const name = st.text(p, end);
      if (!POSIX.has(name)) fail(30, p);
      parts.push({ kind: 'posix', name, not });
      p = end + 2;
      if (p < st.end - 1 && st.at(p) === 0x2d && st.at(p + 1) !== 0x5d) fail(50, p);
      range = Range.No;
    } else if (c === 0x2d && range === Range.Ok) {
      range = Range.Started;
    } else if (c !== 0x5c) {
      isChar = true;
    } else {
      const e = checkEscape(st, p, true);
      p = e.p;
      if (e.kind === 'char') {
        c = e.c;
        isChar = true;
      } else if (e.kind === 'esc' && e.e === 'b') {
        c = 8;
        isChar = true;
      } else if (e.kind === 'esc' && e.e === 'Q') {
        inQ = true;
      } else if (e.kind !== 'esc' || e.e !== 'E') {
        const name = e.kind === 'esc' ? e.e : '';
        if ('BRX'.includes(name)) fail(7, p - 1);
        if (range === Range.Started) fail(50, p);
        range = Range.No;
        if (name === 'N') fail(71, p);
        if (name === 'p' || name === 'P') {
          const prop = readProperty(st, p);
          p = prop.p;
          parts.push({ kind: 'esc', e: prop.caret === (name === 'p') ? 'P' : 'p' });
        } else if (!'HhVvdDsSwW'.includes(name)) fail(7, p - 1);
        else parts.push({ kind: 'esc', e: name });
        if (p < st.end - 1 && st.at(p) === 0x2d && st.at(p + 1) !== 0x5d) fail(50, p);
      }
    }
    if (isChar) {
      if (range === Range.Started) {
        if (c < last) fail(8, p - 1);
        // A range of one character is that character.
        parts[parts.length - 1] = { kind: 'chars', from: last, to: c };
        range = Range.No;
      } else {
        parts.push({ kind: 'chars', from: c, to: c });
        range = Range.Ok;
        last = c;
      }
    }
    if (p >= st.end) fail(6, p);
    c = st.getChar(p);
    p = st.next;
    if (c === 0x5d && !inQ) {
      // A hyphen that started no range is a literal one.
      if (range === Range.Started) parts.push({ kind: 'chars', from: 0x2d, to: 0x2d });
      return { p, negated, parts };
    }
  }
}

const isPosixStart = (c: number): boolean => c === 0x3a || c === 0x2e || c === 0x3d;
