/** The compiled size of literal characters, and the case facts PCRE2 10.42 sizes them by. */
import type { Item, State } from './state.js';

/** Code units of a character in the compiled code: its UTF-8 length in UTF mode, else one byte. */
export function charUnits(st: State, c: number): number {
  if (!st.utf || c < 0x80) return 1;
  return c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
}

/** PCRE2's ucd_caseless_sets (pcre2_ucd.c, Unicode 14): characters with more than one other case. */
const CASE_SETS: readonly (readonly number[])[] = [
  [0x53, 0x73, 0x17f],
  [0x1c4, 0x1c5, 0x1c6],
  [0x1c7, 0x1c8, 0x1c9],
  [0x1ca, 0x1cb, 0x1cc],
  [0x1f1, 0x1f2, 0x1f3],
  [0x345, 0x399, 0x3b9, 0x1fbe],
  [0xb5, 0x39c, 0x3bc],
  [0x3a3, 0x3c2, 0x3c3],
  [0x392, 0x3b2, 0x3d0],
  [0x398, 0x3b8, 0x3d1, 0x3f4],
  [0x3a6, 0x3c6, 0x3d5],
  [0x3a0, 0x3c0, 0x3d6],
  [0x39a, 0x3ba, 0x3f0],
  [0x3a1, 0x3c1, 0x3f1],
  [0x395, 0x3b5, 0x3f5],
  [0x412, 0x432, 0x1c80],
  [0x414, 0x434, 0x1c81],
  [0x41e, 0x43e, 0x1c82],
  [0x421, 0x441, 0x1c83],
  [0x422, 0x442, 0x1c84, 0x1c85],
  [0x42a, 0x44a, 0x1c86],
  [0x462, 0x463, 0x1c87],
  [0x1e60, 0x1e61, 0x1e9b],
  [0x3a9, 0x3c9, 0x2126],
  [0x4b, 0x6b, 0x212a],
  [0xc5, 0xe5, 0x212b],
  [0x1c88, 0xa64a, 0xa64b],
];

const SET_OF = new Map(CASE_SETS.flatMap((set) => set.map((c) => [c, set] as const)));

/** The caseless set holding c, if c has more than one other case. */
export const caseSet = (c: number): readonly number[] | undefined => SET_OF.get(c);

/**
 * The other case of c, or c itself: PCRE2's default tables flip ASCII letters only; with UTF or
 * UCP, a character above 127 takes its Unicode case partner, a character that lower-cases to it
 * or that it lower-cases to (not ı and I, whose lower cases differ).
 */
export function otherCase(st: State, c: number): number {
  if (c < 0x80 || !(st.utf || st.ucp)) {
    const lower = c | 0x20;
    return lower >= 0x61 && lower <= 0x7a ? c ^ 0x20 : c;
  }
  let other = OTHER_CASE.get(c);
  if (other === undefined) {
    const s = String.fromCodePoint(c);
    const partner = (o: string): boolean =>
      o !== s &&
      String.fromCodePoint(o.codePointAt(0) ?? 0) === o &&
      (o.toLowerCase() === s || s.toLowerCase() === o);
    const found =
      [s.toUpperCase(), s.toLowerCase()].find(partner) ?? uppers().get(c)?.find(partner);
    other = found?.codePointAt(0) ?? c;
    OTHER_CASE.set(c, other);
  }
  return other;
}

const OTHER_CASE = new Map<number, number>();
let UPPERS: Map<number, string[]> | undefined;

/** The characters whose lower case is each character (ß for ẞ), for those upper-casing to two. */
function uppers(): Map<number, string[]> {
  if (UPPERS) return UPPERS;
  UPPERS = new Map();
  for (let c = 0x80; c <= 0x1e943; c++) {
    const s = String.fromCodePoint(c);
    const lower = s.toLowerCase().codePointAt(0) ?? c;
    if (lower !== c && String.fromCodePoint(lower) === s.toLowerCase()) {
      UPPERS.set(lower, [...(UPPERS.get(lower) ?? []), s]);
    }
  }
  return UPPERS;
}

/**
 * A literal character as compile_branch() emits it: OP_CHAR or OP_CHARI and its code units, or,
 * caseless in UTF or UCP mode, an OP_PROP test for a character with several other cases.
 */
export function charItem(
  st: State,
  c: number,
  caseless: boolean,
  k: 'char' | 'class' = 'char',
): Item {
  if (caseless && (st.utf || st.ucp) && caseSet(c)) return { k, units: 3, rep: 'type' };
  return { k, units: 1 + charUnits(st, c), rep: 'char' };
}
