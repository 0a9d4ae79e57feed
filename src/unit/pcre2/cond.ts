/** (?(condition)...) and option settings (?imnsxJU-...) (?^...) and (?|...). */
import { fail } from './messages.js';
import { pushOpen } from './nest.js';
import type { Ctx } from './parse.js';
import { MAX_GROUP, readName, readNumber } from './read.js';
import { isDigit, type Cond, type Options } from './state.js';

const J = 1;
const N = 2;
const X = 4;
const XX = 8;
const I = 16;
const M = 32;
const S = 64;
const U = 128;

/** x.p is at the second '(' of "(?(". */
export function condition(x: Ctx): void {
  const { st } = x;
  if (++x.p >= st.end) fail(14, x.p);
  const open = pushOpen(x, 'cond');
  const c = st.at(x.p);
  if (c === 0x3f || c === 0x2a) {
    open.cond = { type: 'assert' };
    x.p--; // the assertion's own '(' is read next
    x.expectCond = 2;
    return;
  }
  open.cond = conditionTest(x);
  if (x.p >= st.end || st.at(x.p) !== 0x29) fail(24, x.p);
  x.p++;
}

function conditionTest(x: Ctx): Cond {
  const { st } = x;
  const num = readNumber(st, x.p, st.bracount, MAX_GROUP, 61);
  if (num) {
    x.p = num.p;
    if (num.n <= 0) fail(15, x.p);
    return { type: 'number', n: num.n, offset: x.p - 2 };
  }
  if (st.end - x.p >= 10 && st.text(x.p, x.p + 7) === 'VERSION' && st.at(x.p + 7) !== 0x29) {
    version(x);
    return { type: 'version' };
  }
  let terminator = 0x29;
  const rAmp = st.at(x.p) === 0x52 && st.at(x.p + 1) === 0x26;
  if (rAmp) x.p++;
  else if (st.at(x.p) === 0x3c) terminator = 0x3e;
  else if (st.at(x.p) === 0x27) terminator = 0x27;
  else x.p--;
  const r = readName(st, x.p, terminator);
  x.p = r.p;
  const { name, offset } = r;
  if (rAmp) {
    x.p--;
    return { type: 'rname', name, offset };
  }
  if (terminator !== 0x29) return { type: 'name', name, offset };
  x.p--;
  if (name === 'DEFINE') return { type: 'define', offset };
  const rDigits = /^R[0-9]*$/.test(name);
  return { type: rDigits ? 'rnumber' : 'name', name, offset };
}

/** (?(VERSION>=n.m): x.p is at the V. */
function version(x: Ctx): void {
  const { st } = x;
  x.p += 7;
  if (st.at(x.p) === 0x3e) x.p++;
  if (st.at(x.p) !== 0x3d || !isDigit(st.at(++x.p))) fail(79, x.p);
  x.p = readNumber(st, x.p, -1, 1000, 79)?.p ?? x.p;
  if (x.p >= st.end) fail(79, x.p);
  if (st.at(x.p) === 0x2e) {
    if (++x.p >= st.end || !isDigit(st.at(x.p))) fail(79, x.p);
    if (++x.p >= st.end) fail(79, x.p);
    if (isDigit(st.at(x.p))) x.p++;
    if (x.p >= st.end || st.at(x.p) !== 0x29) fail(79, x.p);
  }
}

/** (?| and option settings; x.p is just after "(?". */
export function optionSetting(x: Ctx): void {
  const { st } = x;
  const saved = { ...x.options };
  const nest = { depth: x.depth + 1, options: saved };
  x.nests.push(nest);
  if (st.at(x.p) === 0x7c) {
    Object.assign(nest, { reset: { group: st.bracount, max: st.bracount } });
    st.dupCapUsed = true;
    x.p++;
    pushOpen(x, 'nocapture');
    return;
  }
  const o = { ...x.options };
  let hyphenOk = true;
  let set = 0;
  let unset = 0;
  if (st.at(x.p) === 0x5e) {
    Object.assign(o, {
      caseless: false,
      extended: false,
      extendedMore: false,
      noAutoCapture: false,
      flags: o.flags & U,
    });
    hyphenOk = false;
    x.p++;
  }
  let bits = (b: number): void => void (set |= b);
  while (x.p < st.end && st.at(x.p) !== 0x29 && st.at(x.p) !== 0x3a) {
    const c = String.fromCharCode(st.at(x.p++));
    if (c === '-') {
      if (!hyphenOk) fail(94, x.p - 1);
      hyphenOk = false;
      bits = (b) => void (unset |= b);
    } else if (c === 'J') bits(J);
    else if (c === 'i') bits(I);
    else if (c === 'n') bits(N);
    else if (c === 'x') bits(st.at(x.p) === 0x78 && ++x.p ? X | XX : X);
    else if (c === 'm') bits(M);
    else if (c === 's') bits(S);
    else if (c === 'U') bits(U);
    else fail(11, x.p - 1);
  }
  // Setting x alone, or unsetting x, also drops xx.
  if ((set & (X | XX)) === X || unset & X) unset |= XX;
  const apply = (b: number, now: boolean): boolean => (now || (set & b) !== 0) && (unset & b) === 0;
  o.caseless = apply(I, o.caseless);
  o.dupNames = apply(J, o.dupNames);
  o.noAutoCapture = apply(N, o.noAutoCapture);
  o.extended = apply(X, o.extended);
  o.extendedMore = apply(XX, o.extendedMore);
  o.flags = (o.flags | (set & (M | S | U))) & ~unset;
  if (x.p >= st.end) fail(14, x.p);
  // PCRE2 records a change of options (an item of no size) only when there is one.
  const changed = (Object.keys(o) as (keyof Options)[]).some((k) => o[k] !== x.options[k]);
  x.options = o;
  if (st.at(x.p++) === 0x29) {
    // Not a group: the change lasts to the end of the enclosing group.
    const below = x.nests.at(-2);
    if (below && below.depth === x.depth) x.nests.pop();
    else nest.depth = x.depth;
  } else {
    pushOpen(x, 'nocapture');
  }
  if (changed) st.items.push({ k: 'other', units: 0 });
}

const CALLOUT_DELIMS: Record<string, number> = {
  '`': 0x60,
  "'": 0x27,
  '"': 0x22,
  '^': 0x5e,
  '%': 0x25,
  '#': 0x23,
  $: 0x24,
  '{': 0x7d,
};

export function callout(x: Ctx): void {
  const { st } = x;
  if (++x.p >= st.end) fail(14, x.p);
  x.expectCond = x.prevExpectCond - 1;
  const c = st.at(x.p);
  if (c !== 0x29 && !isDigit(c)) {
    const delim = CALLOUT_DELIMS[String.fromCharCode(c)];
    if (delim === undefined) fail(82, x.p);
    const start = x.p;
    for (;;) {
      if (++x.p >= st.end) fail(81, start);
      if (st.at(x.p) === delim && (++x.p >= st.end || st.at(x.p) !== delim)) break;
    }
    // OP_CALLOUT_STR: opcode, four links and the string with both delimiters.
    st.items.push({ k: 'callout', offset: start, units: 1 + 4 * 2 + x.p - start });
  } else {
    let n = 0;
    while (x.p < st.end && isDigit(st.at(x.p))) {
      n = n * 10 + st.at(x.p++) - 0x30;
      if (n > 255) fail(38, x.p);
    }
    // OP_CALLOUT: opcode, two links and the number.
    st.items.push({ k: 'other', units: 1 + 2 * 2 + 1 });
  }
  if (x.p >= st.end || st.at(x.p) !== 0x29) fail(39, x.p);
  x.p++;
}
