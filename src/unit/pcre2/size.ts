/**
 * The compiled size, for PCRE2's "regular expression is too large": the length pass of
 * pcre2_compile() (compile_regex and compile_branch, 10.42) counted item by item, refused once
 * more than 65536 code units (link size 2) are counted. Repeated groups are copied in the compiled
 * code, so "(ab){40000}" is too large though short; a repeated character is one opcode, so "a+" is
 * as large as "a".
 *
 * Where the limit is found, and so the offset reported, is that of Debian's 10.42 (10.42-1+deb12u2,
 * which Unit 1.35 links on Debian 12; seen with its pcre2test, upstream 10.42 differs): before each
 * item but quantifiers, the branch is checked (the first branch with its group's brackets, a later
 * one alone) and the error is at the end of the pattern; after each alternative, the group so far
 * is checked (the whole pattern with its final opcode) and the error is at offset 0.
 */
import { fail } from './messages.js';
import { repeatGroup, repeatRecursion, repeatSingle, type GroupOp, type Single } from './repeat.js';
import type { GroupKind, Item, State } from './state.js';

const MAX_SIZE = 1 << 16;
const LINK = 2;
/** A group's opening and closing opcodes, each with a link. */
const BRACKETS = 2 * (1 + LINK);
/** The group number of a capturing group, a group number in a condition. */
const IMM2 = 2;

/** What a quantifier repeats: the last item. */
type Previous =
  | { kind: 'single'; rep: Single; units: number }
  | { kind: 'group'; units: number; op: GroupOp }
  | { kind: 'recursion' }
  | { kind: 'none' };

interface Level {
  /** The length of the group so far, as compile_regex() accumulates it. */
  length: number;
  /** What the check before each item sees: the first branch with the brackets, a later one alone. */
  own: number;
  open?: Item & { k: 'open' };
  /** Items inside so far: an empty negative lookahead (?!) compiles as (*FAIL). */
  items: number;
  /** The branch being compiled, from 1. */
  branch: number;
  /** Lookarounds around the group, for the captures (*ACCEPT) closes. */
  assertDepth: number;
}

const OPS: Record<GroupKind, GroupOp> = {
  capture: 'bra',
  nocapture: 'bra',
  atomic: 'once',
  scriptrun: 'scriptrun',
  cond: 'cond',
  lookahead: 'assert',
  lookbehind: 'assert',
};

export class Sizer {
  private readonly levels: Level[] = [
    { length: BRACKETS, own: BRACKETS, items: 0, branch: 1, assertDepth: 0 },
  ];
  private previous: Previous = { kind: 'none' };

  constructor(private readonly st: State) {}

  /** Accounts for the item at index i; PCRE2 checks the size before each item but quantifiers. */
  item(i: number): void {
    const item = this.st.item(i);
    const level = this.top();
    if (item.k === 'quant') {
      add(level, this.repeated(item) - this.previousUnits());
      this.previous = { kind: 'none' };
      return;
    }
    if (level.own > MAX_SIZE) fail(20, this.st.end);
    level.items++;
    switch (item.k) {
      case 'open':
        this.open(item);
        return;
      case 'alt': {
        level.branch++;
        level.length += 1 + LINK;
        const whole = this.levels.length === 1 ? 1 : 0;
        if (whole + level.length > MAX_SIZE) fail(20, 0);
        level.own = this.reverse(level, item.len);
        level.length += level.own;
        return;
      }
      case 'ket':
        this.close(i);
        return;
      case 'char':
      case 'class':
      case 'dot':
        this.single(level, item.rep, item.units);
        return;
      case 'esc':
        this.single(level, 'type', item.units);
        return;
      case 'ref':
      case 'refname': {
        const units = item.k === 'refname' && this.duplicate(item.name) ? 1 + 2 * IMM2 : 1 + IMM2;
        this.single(level, 'ref', units);
        return;
      }
      case 'recurse':
      case 'recursename':
        add(level, 1 + LINK);
        this.previous = { kind: 'recursion' };
        return;
      case 'accept':
        // An OP_CLOSE for each capture open inside the innermost lookaround.
        add(level, 1 + (1 + IMM2) * this.openCaptures());
        this.previous = { kind: 'none' };
        return;
      case 'fail':
        add(level, 1);
        this.previous = { kind: 'none' };
        return;
      case 'other':
      case 'callout':
        add(level, item.units);
        this.previous = { kind: 'none' };
    }
  }

  /** The last checks: the last branch, then the whole with its final OP_END. */
  end(): void {
    const root = this.top();
    if (root.own > MAX_SIZE || root.length + 1 > MAX_SIZE) fail(20, this.st.end);
  }

  private top(): Level {
    return this.levels[this.levels.length - 1] as Level;
  }

  private single(level: Level, rep: Single, units: number): void {
    add(level, units);
    this.previous = { kind: 'single', rep, units };
  }

  private previousUnits(): number {
    const p = this.previous;
    return p.kind === 'single' || p.kind === 'group'
      ? p.units
      : p.kind === 'recursion'
        ? 1 + LINK
        : 0;
  }

  private repeated(q: Item & { k: 'quant' }): number {
    const p = this.previous;
    if (p.kind === 'single') return repeatSingle(p.rep, p.units, q);
    if (p.kind === 'group') return repeatGroup(p.op, p.units, q);
    return p.kind === 'recursion' ? repeatRecursion(q) : 0;
  }

  private open(open: Item & { k: 'open' }): void {
    const outer = this.top();
    const assertDepth = outer.assertDepth + (OPS[open.g] === 'assert' ? 1 : 0);
    const length = BRACKETS + skipUnits(this.st, open);
    const level: Level = { length, own: length, open, items: 0, branch: 1, assertDepth };
    add(level, this.reverse(level, open.len));
    this.levels.push(level);
  }

  /** OP_REVERSE and its length, at the start of each lookbehind branch of a length above 0. */
  private reverse(level: Level, len: number | undefined): number {
    return level.open?.g === 'lookbehind' && (len ?? 0) > 0 ? 1 + LINK : 0;
  }

  private close(i: number): void {
    const level = this.levels.pop() as Level;
    const outer = this.top();
    const open = level.open as Item & { k: 'open' };
    const failing = open.not === true && level.items === 1 && this.st.items[i + 1]?.k !== 'quant';
    const units = failing ? 1 : level.length;
    add(outer, units);
    this.previous = { kind: 'group', units, op: OPS[open.g] };
  }

  private openCaptures(): number {
    const depth = this.top().assertDepth;
    let n = 0;
    for (let j = this.levels.length - 1; j > 0; j--) {
      const level = this.levels[j] as Level;
      if (level.open?.g !== 'capture') continue;
      if (level.assertDepth < depth) break;
      n++;
    }
    return n;
  }

  private duplicate(name: string): boolean {
    return this.st.names.find((n) => n.name === name)?.dup === true;
  }
}

function add(level: Level, units: number): void {
  level.length += units;
  level.own += units;
}

/** Code units after a group's opening opcode: a capture's number, a condition's test. */
function skipUnits(st: State, open: Item & { k: 'open' }): number {
  if (open.g === 'capture') return IMM2;
  const cond = open.cond;
  if (cond === undefined || cond.type === 'assert') return 0;
  if (cond.type === 'number') return 1 + IMM2;
  if (!('name' in cond)) return 1; // DEFINE, VERSION: OP_FALSE or OP_TRUE
  // A name shared by several groups is tested by index and count.
  const named = st.names.find((n) => n.name === cond.name);
  return named?.dup === true ? 1 + 2 * IMM2 : 1 + IMM2;
}
