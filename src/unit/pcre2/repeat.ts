/**
 * The compiled size of a repeated item, as compile_branch() (PCRE2 10.42) counts it in its length
 * pass: characters and character types become one repeat opcode (OP_PLUS, OP_UPTO, OP_EXACT ...)
 * with the character, classes and back references take a repeat suffix, groups are copied.
 */
import { UNLIMITED } from './read.js';
import type { Item, Rep } from './state.js';

const LINK = 2;
/** A repeat count (OP_UPTO, OP_EXACT, OP_CRRANGE). */
const IMM2 = 2;
/** OP_ONCE ... OP_KET around a possessive repeat that has no possessive opcode. */
const ONCE = 2 * (1 + LINK);

export type Single = Rep | 'ref';
/** How a group's opcode is repeated: brackets, atomic, script run, condition, assertion. */
export type GroupOp = 'bra' | 'once' | 'scriptrun' | 'cond' | 'assert';

type Quant = Item & { k: 'quant' };

/** A character, type, class or back reference of `units` code units, repeated. */
export function repeatSingle(rep: Single, units: number, q: Quant): number {
  const { min, possessive } = q;
  const max = q.max;
  // {0} removes the item, but the length pass never gives back what it counted.
  if (max === 0 || (min === 1 && max === 1)) return units;
  if (rep === 'class' || rep === 'ref') {
    const short = (min <= 1 && max === UNLIMITED) || (min === 0 && max === 1);
    return units + (short ? 1 : 1 + 2 * IMM2) + (rep === 'ref' && possessive ? ONCE : 0);
  }
  // A repeat opcode, a count when it needs one, then the character or the whole type.
  const payload = rep === 'char' ? units - 1 : units;
  const op = (count: boolean): number => 1 + (count ? IMM2 : 0) + payload;
  if (min === 0) return op(max !== UNLIMITED && max !== 1);
  if (min === 1) {
    if (max === UNLIMITED) return op(false);
    // The item stays, then OP_UPTO; a possessive type has no possessive OP_UPTO to follow it.
    return units + op(true) + (possessive && rep === 'type' ? ONCE : 0);
  }
  if (max === min) return op(true);
  return op(true) + op(max !== UNLIMITED && max - min !== 1);
}

/** A group of `units` code units (its whole length) repeated. */
export function repeatGroup(op: GroupOp, units: number, q: Quant): number {
  const { min } = q;
  let { max, possessive } = q;
  if (min === 1 && max === 1 && !possessive) return units;
  // An assertion repeated without limit is repeated once more than its minimum.
  if (op === 'assert' && max === UNLIMITED) max = min + 1;
  let total = units;
  let nested = false;
  if (min === 0) {
    if (max <= 1 || max === UNLIMITED) {
      total += 1; // OP_BRAZERO or OP_SKIPZERO
      if (max === 0) return total;
    } else {
      total += 2 + LINK; // OP_BRAZERO and the brackets the copies nest in
      nested = true;
    }
    if (max !== UNLIMITED) max--;
  } else {
    total += (min - 1) * units;
    if (max !== UNLIMITED) max -= min;
  }
  if (max !== UNLIMITED) {
    // Each optional copy: OP_BRAZERO, the group, and brackets for the next but the last.
    if (max > 0) total += max * (units + 1 + 2 + 2 * LINK) - 2 - 2 * LINK;
    if (nested) total += 1 + LINK;
  } else if (op === 'bra' || op === 'cond' || (op === 'once' && possessive)) {
    if (possessive && op === 'cond') total += ONCE;
    if (min < 2) possessive = false;
  }
  return total + (possessive ? ONCE : 0);
}

/** A call (?1) repeated: copies of the call, then the optional ones as a bracketed group. */
export function repeatRecursion(q: Quant): number {
  const call = 1 + LINK;
  let { min, max } = q;
  if (min === 1 && max === 1 && !q.possessive) return call;
  let copies = 0;
  if (min > 0 && (min !== 1 || max !== UNLIMITED)) {
    copies = min === max ? min - 1 : min;
    if (min === max) return call * (copies + 1) + (q.possessive ? ONCE : 0);
    if (max !== UNLIMITED) max -= min;
    min = 0;
  }
  const group = call + 2 * (1 + LINK);
  return call * copies + repeatGroup('bra', group, { ...q, min, max });
}
