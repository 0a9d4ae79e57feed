/**
 * An estimate of the compiled size, for PCRE2's "regular expression is too large" (its code is
 * limited to 65536 code units with the default link size of 2). Repeated groups are copied in the
 * compiled code, so "(ab){40000}" is too large although the pattern is short.
 */
import { fail } from './messages.js';
import { UNLIMITED } from './read.js';
import type { Item, State } from './state.js';

const MAX_SIZE = 1 << 16;
const LINK = 2;
const BRA = 1 + LINK;

/** Code units of a single item (not a group) as PCRE2 compiles it. */
function itemSize(item: Item): number {
  switch (item.k) {
    case 'char':
      return 2;
    case 'class':
      return 33;
    case 'boundary':
      return 4 + 2 * BRA; // \b(?=\w) or \b(?<=\w)
    case 'esc':
      return item.e === 'p' || item.e === 'P' ? 3 : 1;
    case 'ref':
    case 'refname':
    case 'recurse':
    case 'recursename':
      return 1 + LINK;
    case 'callout':
      return 2 + 3 * LINK;
    default:
      return 1;
  }
}

type Kind = 'single' | 'type' | 'class' | 'group' | 'call';

/**
 * The size of an item of `size` code units repeated {min,max}. Characters and types use counted
 * opcodes, classes a repeat suffix; groups are copied, each optional copy nested in brackets.
 */
function repeated(size: number, min: number, max: number, kind: Kind): number {
  if (max === 0) return 0;
  const unlimited = max === UNLIMITED;
  if (kind === 'class')
    return min === max && min === 1
      ? size
      : (max === 1 || unlimited) && min <= 1
        ? size + 1
        : size + 5;
  if (kind === 'type') return repeated(size + 1, min, max, 'single');
  if (kind === 'single') {
    if (min === max) return min === 1 ? size : size + 2;
    const head = min === 0 ? 0 : min === 1 ? size : size + 2;
    return head + (unlimited || max - min === 1 ? size : size + 2);
  }
  // A called group is repeated as the call itself, or wrapped in brackets where it is optional.
  const optional = kind === 'call' ? size + 2 * BRA : size;
  if (unlimited) return Math.max(min, 1) * size + 4 * BRA;
  const copies = max - min;
  return min * size + (copies > 0 ? optional + 1 + (copies - 1) * (optional + 1 + 2 * BRA) : 0);
}

function sizeKind(item: Item): Kind {
  switch (item.k) {
    case 'recurse':
    case 'recursename':
      return 'call';
    case 'class':
      return 'class';
    case 'accept':
    case 'boundary':
      return 'group';
    case 'dot':
    case 'esc':
      return 'type';
    default:
      return 'single';
  }
}

export function checkSize(st: State): void {
  // One running total per open group; a group's total becomes an item of its parent.
  const totals: number[] = [BRA];
  let last = 0;
  let kind: Kind = 'single';
  for (const item of st.items) {
    const top = totals.length - 1;
    if (item.k === 'open') {
      totals.push(item.g === 'capture' ? BRA + 2 : item.cond ? 2 * BRA : BRA);
      continue;
    }
    if (item.k === 'ket') {
      const inner = (totals.pop() ?? 0) + BRA;
      totals[top - 1] = (totals[top - 1] ?? 0) + inner;
      last = inner;
      kind = 'group';
    } else if (item.k === 'quant') {
      if (kind === 'group' && last === 1) {
        // A repeated (*ACCEPT) is wrapped in a group of its own.
        totals[top] = (totals[top] ?? 0) + 2 * BRA;
        last += 2 * BRA;
      }
      const quantified = repeated(last, item.min, item.max, kind);
      totals[top] = (totals[top] ?? 0) + quantified - last;
      last = quantified;
    } else {
      last = item.k === 'alt' ? BRA : itemSize(item);
      kind = sizeKind(item);
      totals[top] = (totals[top] ?? 0) + last;
    }
    if ((totals[totals.length - 1] ?? 0) > MAX_SIZE) fail(20, st.end);
  }
  if ((totals[0] ?? 0) + BRA + 1 > MAX_SIZE) fail(20, st.end);
}
