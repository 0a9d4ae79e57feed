/** The single pass over the pattern, as PCRE2's parse_regex(): every syntax error is found here. */
import { openParen } from './group.js';
import { escape, klass } from './items.js';
import { alternation, closeParen, wrapAccept } from './nest.js';
import { fail } from './messages.js';
import { readRepeat, UNLIMITED } from './read.js';
import { isLower, isSpace, type Item, type Nest, type Options, type State } from './state.js';
import { charItem } from './units.js';

const NEST_LIMIT = 250;
const MAX_MARK = 255;

/** The parser's moving parts, shared with group.ts. */
export interface Ctx {
  st: State;
  p: number;
  options: Options;
  depth: number;
  nests: Nest[];
  /** Indices in st.items of the groups still open, innermost last. */
  open: number[];
  okQuant: boolean;
  /** 2 just after (?(, 1 after a callout there: an assertion must come next. */
  expectCond: number;
  prevExpectCond: number;
  inVerbName: boolean;
  verbNameStart: number;
  /** The item of the (*VERB:NAME) being read, whose size grows by the name's. */
  verbItem?: Item & { k: 'other' };
  /** Where the last verb's items start, to wrap a quantified (*ACCEPT) in a group as PCRE2 does. */
  verbStart: number;
}

export function parse(st: State, p: number): void {
  const x: Ctx = {
    st,
    p,
    options: {
      caseless: false,
      extended: false,
      extendedMore: false,
      noAutoCapture: false,
      dupNames: false,
      flags: 0,
    },
    depth: 0,
    nests: [],
    open: [],
    okQuant: false,
    expectCond: 0,
    prevExpectCond: 0,
    inVerbName: false,
    verbNameStart: 0,
    verbStart: 0,
  };
  let inQ = false;
  let lastQuant = false;
  while (x.p < st.end) {
    if (x.depth > NEST_LIMIT) fail(19, x.p);
    const c = st.getChar(x.p);
    x.p = st.next;
    if (inQ) {
      if (c === 0x5c && st.at(x.p) === 0x45) {
        inQ = false;
        x.p++;
      } else {
        if (x.expectCond > 0) fail(28, x.p - 1);
        st.items.push(charItem(st, c, x.options.caseless));
        x.okQuant = true;
        lastQuant = false;
      }
      continue;
    }
    if (x.inVerbName) {
      if (c === 0x29) {
        x.inVerbName = false;
        const length = x.p - x.verbNameStart - 1;
        if (length > MAX_MARK) fail(76, x.p - 1);
        if (x.verbItem) x.verbItem.units += length;
      }
      continue;
    }
    if (c === 0x5c && (st.at(x.p) === 0x51 || st.at(x.p) === 0x45)) {
      inQ = st.at(x.p++) === 0x51;
      continue;
    }
    if (x.options.extended) {
      if ((c < 256 && isSpace(c)) || c === 0x85 || (c | 1) === 0x200f || (c | 1) === 0x2029)
        continue;
      if (c === 0x23) {
        while (x.p < st.end) {
          const nl = st.newlineAt(x.p);
          if (nl) {
            x.p += nl;
            break;
          }
          st.getChar(x.p);
          x.p = st.next;
        }
        continue;
      }
    }
    if (c === 0x28 && st.at(x.p) === 0x3f && st.at(x.p + 1) === 0x23) {
      x.p++;
      while (++x.p < st.end && st.at(x.p) !== 0x29);
      if (x.p >= st.end) fail(18, x.p);
      x.p++;
      continue;
    }
    if (x.expectCond > 0) checkCondAssert(x, c);
    x.prevExpectCond = x.expectCond;
    x.expectCond = 0;
    const prevOk = x.okQuant;
    const prevQuant = lastQuant;
    x.okQuant = false;
    lastQuant = false;
    if (prevQuant && (c === 0x3f || c === 0x2b)) {
      // A lazy or possessive suffix.
      const quant = st.items.at(-1);
      if (c === 0x2b && quant?.k === 'quant') quant.possessive = true;
      continue;
    }
    switch (c) {
      case 0x5c:
        escape(x);
        break;
      case 0x5e:
      case 0x24:
        st.items.push({ k: 'other', units: 1 });
        break;
      case 0x2e:
        st.items.push({ k: 'dot', units: 1, rep: 'type' });
        x.okQuant = true;
        break;
      case 0x2a:
      case 0x2b:
      case 0x3f:
      case 0x7b: {
        let min = c === 0x2b ? 1 : 0;
        let max = c === 0x3f ? 1 : UNLIMITED;
        if (c === 0x7b) {
          const r = readRepeat(st, x.p);
          if (!r) {
            st.items.push(charItem(st, c, x.options.caseless));
            x.okQuant = true;
            break;
          }
          ({ min, max } = r);
          x.p = r.p;
        }
        if (!prevOk) fail(9, x.p - 1);
        if (st.items.at(-1)?.k === 'accept') wrapAccept(x);
        st.items.push({ k: 'quant', minmax: c === 0x7b, min, max, possessive: false });
        lastQuant = true;
        break;
      }
      case 0x5b:
        klass(x);
        break;
      case 0x28:
        openParen(x);
        break;
      case 0x7c:
        alternation(x);
        break;
      case 0x29:
        closeParen(x);
        break;
      default:
        st.items.push(charItem(st, c, x.options.caseless));
        x.okQuant = true;
    }
  }
  if (x.inVerbName) fail(60, x.p);
  if (x.depth > 0) fail(14, x.p);
}

/** After (?( or (?(?C..): only an assertion may follow. */
function checkCondAssert(x: Ctx, c: number): void {
  const { st, p } = x;
  let ok = c === 0x28 && st.end - p >= 3 && (st.at(p) === 0x3f || st.at(p) === 0x2a);
  if (ok) {
    const d = st.at(p + 1);
    if (st.at(p) === 0x2a) ok = isLower(d);
    else if (d === 0x43) ok = x.expectCond === 2;
    else if (d === 0x3c) ok = st.at(p + 2) === 0x3d || st.at(p + 2) === 0x21;
    else ok = d === 0x3d || d === 0x21;
  }
  if (!ok) fail(28, p - 1);
}
