/** The scanner's shared state and the parsed items it leaves for the later checks. */

export type GroupKind =
  'capture' | 'nocapture' | 'atomic' | 'lookahead' | 'lookbehind' | 'scriptrun' | 'cond';

export type Cond =
  | { type: 'number'; n: number; offset: number }
  | { type: 'name' | 'rname' | 'rnumber'; name: string; offset: number }
  | { type: 'define'; offset: number }
  | { type: 'assert' | 'version' };

/**
 * How PCRE2 repeats a one-character item: a character opcode followed by the character's code
 * units ('char'), a character type such as \d or \p{L} repeated whole ('type'), or a class with a
 * repeat suffix ('class').
 */
export type Rep = 'char' | 'type' | 'class';

/**
 * One parsed item, a much reduced version of PCRE2's parsed pattern. `units` is the item's size in
 * the compiled code (8-bit code units); groups, references and quantifiers are sized in size.ts.
 */
export type Item =
  | { k: 'char' | 'class' | 'dot'; units: number; rep: Rep }
  | { k: 'esc'; e: string; units: number }
  | { k: 'quant'; minmax: boolean; min: number; max: number; possessive: boolean }
  | {
      k: 'open';
      g: GroupKind;
      num: number;
      offset: number;
      cond?: Cond;
      end: number;
      /** A negative lookahead, which PCRE2 compiles as (*FAIL) when empty. */
      not?: boolean;
      /** In a lookbehind: the fixed length of the first branch. */
      len?: number;
    }
  | { k: 'alt'; len?: number }
  | { k: 'ket' | 'accept' | 'fail' }
  | { k: 'other'; units: number }
  | { k: 'ref' | 'recurse'; n: number; offset: number }
  | { k: 'refname' | 'recursename'; name: string; offset: number }
  | { k: 'callout'; offset: number; units: number };

interface NamedGroup {
  name: string;
  number: number;
  dup: boolean;
}

/** An entry of PCRE2's nest stack: what to restore when the group at `depth` closes. */
export interface Nest {
  depth: number;
  reset?: { group: number; max: number };
  condAssert?: boolean;
  /** (*atomic_script_run: two groups that one parenthesis closes. */
  atomicSr?: boolean;
  options: Options;
}

export interface Options {
  caseless: boolean;
  extended: boolean;
  extendedMore: boolean;
  noAutoCapture: boolean;
  dupNames: boolean;
  /** (?m), (?s) and (?U), which matter only as a change of options. */
  flags: number;
}

export type Newline = 'lf' | 'cr' | 'crlf' | 'any' | 'anycrlf' | 'nul';

export class State {
  readonly end: number;
  utf = false;
  /** (*UCP): \d, \w, \s and POSIX classes are Unicode properties. */
  ucp = false;
  newline: Newline = 'lf';
  bracount = 0;
  dupCapUsed = false;
  names: NamedGroup[] = [];
  items: Item[] = [];
  hasLookbehind = false;
  /** Offset of the first \1 .. \9, which PCRE2 reports for every later one. */
  smallRefOffset: number[] = [];
  /** Set by getChar: where the character just read ends. */
  next = 0;

  constructor(readonly s: Uint8Array) {
    this.end = s.length;
  }

  /** The character at p (a code point in UTF mode, else a byte); sets `next`. */
  getChar(p: number): number {
    const b = this.at(p);
    if (!this.utf || b < 0xc0) {
      this.next = p + 1;
      return b;
    }
    const n = b < 0xe0 ? 1 : b < 0xf0 ? 2 : 3;
    let c = b & (0x3f >> n);
    for (let i = 1; i <= n; i++) c = (c << 6) | (this.at(p + i) & 0x3f);
    this.next = p + 1 + n;
    return c;
  }

  /** The name bytes [from, to) as a string of byte values, for exact comparison. */
  text(from: number, to: number): string {
    return String.fromCharCode(...this.s.subarray(from, to));
  }

  /** The parsed item at i, which the callers know exists. */
  item(i: number): Item {
    return this.items[i] as Item;
  }

  at(p: number): number {
    return p < this.end ? (this.s[p] as number) : -1;
  }

  /** The length of the newline at p under the current convention, 0 if none. */
  newlineAt(p: number): number {
    const c = this.at(p);
    const n = this.at(p + 1);
    switch (this.newline) {
      case 'lf':
        return c === 0x0a ? 1 : 0;
      case 'cr':
        return c === 0x0d ? 1 : 0;
      case 'nul':
        return c === 0 ? 1 : 0;
      case 'crlf':
        return c === 0x0d && n === 0x0a ? 2 : 0;
      case 'anycrlf':
        return c === 0x0d && n === 0x0a ? 2 : c === 0x0a || c === 0x0d ? 1 : 0;
      case 'any':
        if (c === 0x0d && n === 0x0a) return 2;
        if (c >= 0x0a && c <= 0x0d) return 1;
        if (!this.utf) return c === 0x85 ? 1 : 0;
        if (c === 0xc2 && n === 0x85) return 2;
        return c === 0xe2 && n === 0x80 && (this.at(p + 2) | 1) === 0xa9 ? 3 : 0;
    }
  }
}

export const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
export const isLower = (c: number): boolean => c >= 0x61 && c <= 0x7a;
export const isLetter = (c: number): boolean => isLower(c | 0x20);
/** PCRE2's default character tables (C locale): ctype_word is ASCII letters, digits and _. */
export const isWord = (c: number): boolean => isDigit(c) || isLetter(c) || c === 0x5f;
/** isspace() in the C locale. */
export const isSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);
export const hexValue = (c: number): number =>
  isDigit(c) ? c - 0x30 : (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 ? (c | 0x20) - 0x57 : -1;
