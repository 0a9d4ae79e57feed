/**
 * What a character class compiles to, as compile_branch() decides it (PCRE2 10.42): a single
 * character, a negated one, a caseless pair, a 32-byte bitmap (OP_CLASS), or an extended class
 * (OP_XCLASS) listing properties and, in UTF mode, characters above 255.
 */
import type { ClassPart } from './klass.js';
import type { Item, State } from './state.js';
import { caseSet, charItem, charUnits, otherCase } from './units.js';

const LINK = 2;
/** OP_CLASS and its bitmap. */
const BITMAP_CLASS = 33;
const MAX_UTF = 0x10ffff;

/** With (*UCP), POSIX classes that become Unicode properties (blank becomes \h). */
const UCP_PROPERTY = new Set(
  'alpha lower upper alnum cntrl digit graph print punct space word'.split(' '),
);

/** Runs of PCRE2's horizontal and vertical space lists, as [from, to] pairs. */
const H_RUNS: [number, number][] = [
  [0x09, 0x09],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x180e, 0x180e],
  [0x2000, 0x200a],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];
const V_RUNS: [number, number][] = [
  [0x0a, 0x0d],
  [0x85, 0x85],
  [0x2028, 0x2029],
];

/** The runs not in `runs`, up to the largest character. */
function complement(runs: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [from, to] of runs) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  out.push([next, MAX_UTF]);
  return out;
}

/** Above this no character has another case (Unicode 14: the last is in Adlam). */
const LAST_CASED = 0x1e943;

/** The class's bitmap use and extended data, as PCRE2's add_to_class functions build them. */
class Builder {
  /** Characters below 256 added (only whether there are any matters). */
  n8 = 0;
  /** Code units of extended-class data (properties, wide characters). */
  data = 0;
  constructor(
    readonly st: State,
    readonly caseless: boolean,
  ) {}

  /** Adds [from, to]; `outer` is the range the user gave, whose other cases inside it add nothing. */
  add(from: number, to: number, fold = this.caseless, outer: [number, number] = [from, to]): void {
    if (fold && (this.st.utf || this.st.ucp)) [from, to] = this.otherCases(from, to, outer);
    if (!this.st.utf) to = Math.min(to, 0xff);
    if (from > outer[0] && to < outer[1]) return;
    if (from <= 0xff) this.n8 += Math.min(to, 0xff) - from + 1;
    const wide = Math.max(from, 0x100);
    if (this.st.utf && to >= wide) {
      this.data += 1 + charUnits(this.st, wide) + (to > wide ? charUnits(this.st, to) : 0);
    }
  }

  /**
   * The other cases of [from, to], run by run as get_othercase_range() finds them: each is added,
   * or stretches the range when it touches it; returns the range, perhaps stretched.
   */
  private otherCases(from: number, to: number, outer: [number, number]): [number, number] {
    for (let c = from; c <= Math.min(to, LAST_CASED);) {
      const set = caseSet(c);
      if (set) {
        this.addSet(set, c, outer);
        c++;
        continue;
      }
      const oc = otherCase(this.st, c);
      if (oc === c) {
        c++;
        continue;
      }
      let od = oc;
      for (c++; c <= to && !caseSet(c) && otherCase(this.st, c) === od + 1; c++) od++;
      if (oc >= outer[0] && od <= outer[1]) continue;
      if (oc < from && od >= from - 1) from = oc;
      else if (od > to && oc <= to + 1) to = od;
      else this.add(oc, od, false, outer);
    }
    return [from, to];
  }

  /** A caseless set but `except`, a run of consecutive characters at a time. */
  private addSet(set: readonly number[], except: number, outer: [number, number]): void {
    for (let i = 0; i < set.length;) {
      let n = 0;
      const start = set[i] as number;
      if (start !== except) {
        while (set[i + n + 1] === start + n + 1) n++;
        this.add(start, set[i + n] as number, false, outer);
      }
      i += n + 1;
    }
  }
}

/** The compiled item of a class with these parts. */
export function classItem(
  st: State,
  parts: readonly ClassPart[],
  negated: boolean,
  caseless: boolean,
): Item {
  const [first, second] = parts;
  const single = (p: ClassPart | undefined): number | undefined =>
    p?.kind === 'chars' && p.from === p.to ? p.from : undefined;
  const c = single(first);
  if (c !== undefined && parts.length === 1) {
    if (!negated) return charItem(st, c, caseless, 'class');
    if (caseless && (st.utf || st.ucp) && caseSet(c)) return { k: 'class', units: 3, rep: 'type' };
    return { k: 'class', units: 1 + charUnits(st, c), rep: 'char' };
  }
  // Two characters that are each other's case: one caseless character.
  if (c !== undefined && !negated && parts.length === 2 && !caseSet(c)) {
    const other = otherCase(st, c);
    if (other !== c && single(second) === other) {
      return { k: 'class', units: 1 + charUnits(st, c), rep: 'char' };
    }
  }
  const b = new Builder(st, caseless);
  let flip = false;
  let props = false;
  let allWide = false;
  for (const part of parts) {
    if (part.kind === 'chars') b.add(part.from, part.to);
    else if (part.kind === 'posix') {
      if (st.ucp && UCP_PROPERTY.has(part.name)) {
        b.data += 3;
        props = true;
      } else if (st.ucp && part.name === 'blank') {
        space(b, H_RUNS, part.not);
      } else {
        flip = part.not;
        b.n8++;
        if (st.ucp && st.utf) allWide ||= part.not;
      }
    } else if (part.e === 'p' || part.e === 'P' || (st.ucp && 'dDsSwW'.includes(part.e))) {
      b.data += 3;
      props = true;
    } else if ('hHvV'.includes(part.e)) {
      space(b, 'hH'.includes(part.e) ? H_RUNS : V_RUNS, part.e === 'H' || part.e === 'V');
    } else {
      b.n8++;
      if ('DSW'.includes(part.e)) flip = true;
    }
  }
  if (b.data > 0 && (st.ucp || props || !flip)) {
    // Without UCP, a class with \D, \S or \W and a property matches every wide character.
    if (allWide || (st.utf && flip && !negated && !st.ucp)) {
      b.data += 1 + charUnits(st, 0x100) + charUnits(st, MAX_UTF);
    }
    return { k: 'class', units: 2 + LINK + (b.n8 > 0 ? 32 : 0) + b.data + 1, rep: 'class' };
  }
  // The length pass has counted the wide characters before finding they are not needed.
  return { k: 'class', units: BITMAP_CLASS + b.data, rep: 'class' };
}

/** \h \H \v \V: the list or its complement, without case folding. */
function space(b: Builder, runs: [number, number][], not: boolean): void {
  b.n8++;
  for (const [from, to] of not ? complement(runs) : runs) b.add(from, to, false);
}
