/** Everything that starts with '(': groups, assertions, conditions, calls, callouts and verbs. */
import { fail } from './messages.js';
import { callout, condition, optionSetting } from './cond.js';
import { pushOpen } from './nest.js';
import type { Ctx } from './parse.js';
import { MAX_GROUP, readName, readNumber } from './read.js';
import { isDigit, isLower, type GroupKind, type Item } from './state.js';

/** (*name: assertions and what they stand for; 'na' marks the non-atomic ones. */
const ALPHA: Record<string, GroupKind | 'na'> = {
  pla: 'lookahead',
  plb: 'lookbehind',
  napla: 'na',
  naplb: 'na',
  nla: 'lookahead',
  nlb: 'lookbehind',
  positive_lookahead: 'lookahead',
  positive_lookbehind: 'lookbehind',
  non_atomic_positive_lookahead: 'na',
  non_atomic_positive_lookbehind: 'na',
  negative_lookahead: 'lookahead',
  negative_lookbehind: 'lookbehind',
  atomic: 'atomic',
  sr: 'scriptrun',
  asr: 'scriptrun',
  script_run: 'scriptrun',
  atomic_script_run: 'scriptrun',
};
const NA_BEHIND = new Set(['naplb', 'non_atomic_positive_lookbehind']);

/** (*VERB) names: +1 needs an argument, -1 takes one as a preceding (*MARK), 0 may have one. */
const VERBS: Record<string, number> = {
  '': 1,
  MARK: 1,
  ACCEPT: -1,
  F: -1,
  FAIL: -1,
  COMMIT: 0,
  PRUNE: 0,
  SKIP: 0,
  THEN: 0,
};

/** The '(' has been read; x.p is just after it. */
export function openParen(x: Ctx): void {
  const { st } = x;
  if (x.p >= st.end) fail(14, x.p);
  const c = st.at(x.p);
  if (c === 0x2a) {
    if (st.end - x.p <= 1 || st.at(x.p + 1) === 0x29) return; // "(*)": the * is a misplaced quantifier
    if (isLower(st.at(x.p + 1))) alphaAssertion(x);
    else verb(x);
    return;
  }
  if (c !== 0x3f) {
    if (x.options.noAutoCapture) pushOpen(x, 'nocapture');
    else pushOpen(x, 'capture', newGroup(x));
    return;
  }
  if (++x.p >= st.end) fail(14, x.p);
  const d = st.at(x.p);
  switch (d) {
    case 0x50: // (?P<name> (?P>name) (?P=name)
      if (++x.p >= st.end) fail(14, x.p);
      if (st.at(x.p) === 0x3c) {
        namedGroup(x, 0x3e);
        return;
      }
      if (st.at(x.p) === 0x3e) {
        callByName(x);
        return;
      }
      if (st.at(x.p) !== 0x3d) fail(41, x.p);
      {
        reference(x, 'refname');
        return;
      }
    case 0x52: // (?R)
      if (++x.p >= st.end || st.at(x.p) !== 0x29) fail(58, x.p);
      {
        call(x, 0);
        return;
      }
    case 0x2b:
      if (st.end - x.p < 2 || !isDigit(st.at(x.p + 1))) fail(29, x.p);
      {
        callByNumber(x);
        return;
      }
    case 0x26: {
      callByName(x);
      return;
    }
    case 0x43: {
      callout(x);
      return;
    }
    case 0x28: {
      condition(x);
      return;
    }
    case 0x3e:
      x.p++;
      pushOpen(x, 'atomic');
      return;
    case 0x3d:
    case 0x2a:
    case 0x21:
      x.p++;
      {
        assertion(x, 'lookahead', 0, d === 0x21);
        return;
      }
    case 0x3c: {
      const e = st.at(x.p + 1);
      if (e !== 0x3d && e !== 0x21 && e !== 0x2a) {
        namedGroup(x, 0x3e);
        return;
      }
      x.p += 2;
      assertion(x, 'lookbehind', x.p - 4);
      return;
    }
    case 0x27: {
      namedGroup(x, 0x27);
      return;
    }
  }
  if (isDigit(d) || (d === 0x2d && isDigit(st.at(x.p + 1)))) {
    callByNumber(x);
    return;
  }
  optionSetting(x);
}

function newGroup(x: Ctx): number {
  if (x.st.bracount >= MAX_GROUP) fail(97, x.p);
  return ++x.st.bracount;
}

function alphaAssertion(x: Ctx): void {
  const { st } = x;
  const r = readName(st, x.p, 0);
  x.p = r.p;
  if (x.p >= st.end || st.at(x.p) !== 0x3a) fail(95, x.p);
  const kind = ALPHA[r.name];
  if (!Object.hasOwn(ALPHA, r.name)) fail(95, x.p);
  if (x.prevExpectCond > 0 && kind !== 'lookahead' && kind !== 'lookbehind')
    fail(kind === 'na' ? 98 : 28, x.p);
  x.p++;
  if (kind === 'atomic' || kind === 'scriptrun') {
    pushOpen(x, kind);
    if (r.name.startsWith('a') && kind === 'scriptrun') {
      // An atomic group inside the script run, closed by the same parenthesis.
      x.nests.push({ depth: x.depth, options: { ...x.options }, atomicSr: true });
      pushOpen(x, 'atomic', 0, 0, false);
    }
  } else if (kind === 'lookbehind' || NA_BEHIND.has(r.name)) {
    assertion(x, 'lookbehind', x.p - 4);
  } else {
    assertion(x, 'lookahead', 0, r.name === 'nla' || r.name === 'negative_lookahead');
  }
}

function verb(x: Ctx): void {
  const { st } = x;
  const r = readName(st, x.p, 0);
  x.p = r.p;
  if (x.p >= st.end || (st.at(x.p) !== 0x3a && st.at(x.p) !== 0x29)) fail(60, x.p);
  if (!Object.hasOwn(VERBS, r.name)) fail(60, x.p);
  if (st.at(x.p) === 0x3a && st.at(x.p + 1) === 0x29) x.p++; // an empty argument is no argument
  const takes = VERBS[r.name] ?? 0;
  if (takes > 0 && st.at(x.p) !== 0x3a) fail(66, x.p);
  x.okQuant = r.name === 'ACCEPT';
  x.verbStart = st.items.length;
  const f = r.name === 'F' || r.name === 'FAIL';
  const plain: Item =
    r.name === 'ACCEPT' ? { k: 'accept' } : f ? { k: 'fail' } : { k: 'other', units: 1 };
  if (st.at(x.p++) === 0x3a) {
    // The name: opcode, length, the name (added when its end is read) and a zero.
    x.verbItem = { k: 'other', units: 3 };
    st.items.push(x.verbItem);
    x.inVerbName = true;
    x.verbNameStart = x.p;
    // (*ACCEPT:NAME) and (*FAIL:NAME) are a (*MARK:NAME) and the verb.
    if (takes < 0) st.items.push(plain);
  } else {
    st.items.push(plain);
  }
}

function assertion(x: Ctx, g: 'lookahead' | 'lookbehind', offset: number, not = false): void {
  if (g === 'lookbehind') x.st.hasLookbehind = true;
  const open = pushOpen(x, g, 0, offset);
  if (not) open.not = true;
  if (x.prevExpectCond > 0)
    x.nests.push({ depth: x.depth, condAssert: true, options: { ...x.options } });
}

function namedGroup(x: Ctx, terminator: number): void {
  const { st } = x;
  const r = readName(st, x.p, terminator);
  x.p = r.p;
  const number = newGroup(x);
  pushOpen(x, 'capture', number);
  if (st.names.length >= 10000) fail(49, x.p);
  let dup = false;
  for (const ng of st.names) {
    if (ng.name === r.name) {
      if (ng.number === number) return; // the same group again, in a (?| group
      if (!x.options.dupNames) fail(43, x.p);
      dup = ng.dup = true;
    } else if (ng.number === number) {
      fail(65, x.p);
    }
  }
  st.names.push({ name: r.name, number, dup });
}

function reference(x: Ctx, k: 'refname' | 'recursename'): void {
  const r = readName(x.st, x.p, 0x29);
  x.p = r.p;
  x.st.items.push({ k, name: r.name, offset: r.offset });
  x.okQuant = true;
}

function callByName(x: Ctx): void {
  reference(x, 'recursename');
}

/** (?1) (?+1) (?-1): x.p is at the sign or first digit. */
function callByNumber(x: Ctx): void {
  const { st } = x;
  const r = readNumber(st, x.p, isDigit(st.at(x.p)) ? -1 : st.bracount, MAX_GROUP, 61);
  if (!r) return fail(29, x.p); // not reached: a digit is there
  x.p = r.p;
  if (x.p >= st.end || st.at(x.p) !== 0x29) fail(14, x.p);
  call(x, r.n);
}

function call(x: Ctx, n: number): void {
  x.st.items.push({ k: 'recurse', n, offset: x.p });
  x.p++;
  x.okQuant = true;
}
