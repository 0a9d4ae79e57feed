/**
 * Lookbehind lengths, as PCRE2 10.42's check_lookbehinds(): each branch of a lookbehind must have
 * a fixed length (branches may differ), at most 65535 characters.
 */
import { Fail, MSG, type ErrNo } from './messages.js';
import type { Item, State } from './state.js';

const LOOKBEHIND_MAX = 65535;

/** An error inside a lookbehind; the offset is filled in by the innermost lookbehind if unset. */
class LbFail extends Error {
  constructor(
    readonly code: ErrNo,
    readonly offset?: number,
  ) {
    super(MSG[code]);
  }
}

const notFixed = (): never => {
  throw new LbFail(25);
};

interface Run {
  st: State;
  loops: number;
  /** Fixed lengths of numbered groups already measured (-1: not fixed). */
  cache: Map<number, number>;
}

export function checkLookbehinds(st: State): void {
  const run: Run = { st, loops: 0, cache: new Map() };
  try {
    scan(run, 0, st.items.length);
  } catch (e) {
    if (e instanceof LbFail) throw new Fail(e.code, e.offset ?? st.end);
    throw e;
  }
}

/** Finds the lookbehinds in items [from, to) and measures them. */
function scan(run: Run, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const item = run.st.item(i);
    if (item.k === 'open' && item.g === 'lookbehind') i = measureLookbehind(run, i, []);
  }
}

/** Measures each branch of the lookbehind opened at i; returns the index of its ket. */
function measureLookbehind(run: Run, i: number, recurses: number[]): number {
  const open = run.st.item(i) as Item & { k: 'open' };
  try {
    let j = i;
    do {
      const b = branchLength(run, j + 1, recurses);
      // Each branch of a length above zero compiles with an OP_REVERSE (size.ts).
      const start = run.st.item(j);
      if (start.k === 'open' || start.k === 'alt') start.len = b.length;
      j = b.end;
    } while (run.st.item(j).k === 'alt');
    return j;
  } catch (e) {
    if (e instanceof LbFail && e.offset === undefined) throw new LbFail(e.code, open.offset);
    throw e;
  }
}

/** The fixed length of the group opened at i (its first item at i + 1). */
function groupLength(run: Run, i: number, group: number, recurses: number[]): number {
  const cacheable = group > 0 && !run.st.dupCapUsed;
  const cached = cacheable ? run.cache.get(group) : undefined;
  if (cached !== undefined) return cached < 0 ? notFixed() : cached;
  let length = -1;
  let j = i;
  try {
    do {
      const b = branchLength(run, j + 1, recurses);
      if (length >= 0 && b.length !== length) notFixed();
      length = b.length;
      j = b.end;
    } while (run.st.item(j).k === 'alt');
  } catch (e) {
    if (cacheable) run.cache.set(group, -1);
    throw e;
  }
  if (cacheable) run.cache.set(group, length);
  return length;
}

/** The length of the branch starting at i; `end` is the alt or ket that ends it. */
function branchLength(run: Run, i: number, recurses: number[]): { length: number; end: number } {
  if (run.loops++ > 2000) throw new LbFail(35);
  const { st } = run;
  let length = 0;
  let last = 0;
  for (; ; i++) {
    const item = st.item(i);
    let itemLength = 0;
    switch (item.k) {
      case 'alt':
      case 'ket':
        return { length, end: i };
      case 'accept':
      case 'fail':
        return { length, end: skipBranch(st, i) };
      case 'char':
      case 'class':
      case 'dot':
        itemLength = 1;
        break;
      case 'esc':
        if (item.e === 'R' || item.e === 'X') notFixed();
        if (item.e === 'C' && st.utf) throw new LbFail(36);
        itemLength = 'DdSsWwNCPpHhVv'.includes(item.e) ? 1 : 0;
        break;
      case 'quant':
        if (!item.minmax || item.min !== item.max) notFixed();
        if (item.min === 0) length -= last;
        else if (item.min > 1) {
          if (last !== 0 && Math.floor(0x7fffffff / last) < item.min - 1) throw new LbFail(87);
          itemLength = (item.min - 1) * last;
        }
        break;
      case 'ref':
        if (st.dupCapUsed) notFixed();
        itemLength = referenced(run, i, item.n, item.offset, recurses);
        break;
      case 'recurse':
        itemLength = referenced(run, i, item.n, item.offset, recurses);
        break;
      case 'refname':
      case 'recursename': {
        const ng = st.names.find((n) => n.name === item.name);
        if (!ng) throw new LbFail(15, item.offset);
        if (item.k === 'refname' && (ng.dup || st.dupCapUsed)) notFixed();
        itemLength = referenced(run, i, ng.number, item.offset, recurses);
        break;
      }
      case 'open':
        if (item.g === 'lookahead') {
          scan(run, i + 1, item.end);
          i = item.end;
          if (run.st.items[i + 1]?.k === 'quant') i++; // a quantified lookahead adds nothing either
        } else if (item.g === 'lookbehind') {
          i = measureLookbehind(run, i, recurses);
        } else if (item.cond?.type === 'define') {
          i = item.end;
        } else {
          itemLength = groupLength(run, i, item.g === 'capture' ? item.num : 0, recurses);
          i = item.end;
        }
        break;
    }
    length += itemLength;
    if (length > LOOKBEHIND_MAX) throw new LbFail(87);
    last = itemLength;
  }
}

/** The length of a referenced or called group, as PCRE2 measures it for a lookbehind. */
function referenced(
  run: Run,
  at: number,
  group: number,
  offset: number,
  recurses: number[],
): number {
  if (group > run.st.bracount) throw new LbFail(15, offset);
  if (group === 0) notFixed();
  const start = run.st.items.findIndex(
    (it) => it.k === 'open' && it.g === 'capture' && it.num === group,
  );
  const open = run.st.item(start) as Item & { k: 'open' };
  if (at > start && at < open.end) notFixed(); // a recursion from inside the group
  if (recurses.includes(start)) notFixed(); // a mutual recursion
  return groupLength(run, start, group, [...recurses, start]);
}

/** From a (*ACCEPT) or (*FAIL) at i, the alt or ket that ends its branch. */
function skipBranch(st: State, i: number): number {
  for (i++; ; i++) {
    const item = st.item(i);
    if (item.k === 'open') i = item.end;
    else if (item.k === 'alt' || item.k === 'ket') return i;
  }
}
