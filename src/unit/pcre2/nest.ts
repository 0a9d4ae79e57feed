/** Groups in the parsed pattern: opening, alternatives, closing, as parse_regex() records them. */
import { fail } from './messages.js';
import type { Ctx } from './parse.js';
import type { GroupKind, Item, State } from './state.js';

/** A quantified (*ACCEPT), with its (*MARK) if any, goes into a group of its own. */
export function wrapAccept(x: Ctx): void {
  const { items } = x.st;
  items.splice(x.verbStart, 0, {
    k: 'open',
    g: 'nocapture',
    num: 0,
    offset: 0,
    end: items.length + 1,
  });
  items.push({ k: 'ket' });
}

export function alternation(x: Ctx): void {
  const top = x.nests.at(-1);
  if (top && top.depth === x.depth && top.reset) {
    top.reset.max = Math.max(top.reset.max, x.st.bracount);
    x.st.bracount = top.reset.group;
  }
  x.st.items.push({ k: 'alt' });
}

export function closeParen(x: Ctx): void {
  const { st } = x;
  x.okQuant = true;
  const top = x.nests.at(-1);
  let atomicSr = false;
  if (top && top.depth === x.depth) {
    x.options = { ...top.options };
    if (top.reset && top.reset.max > st.bracount) st.bracount = top.reset.max;
    if (top.condAssert) x.okQuant = false;
    atomicSr = top.atomicSr === true;
    x.nests.pop();
  }
  if (x.depth === 0) fail(22, x.p - 1);
  x.depth--;
  closeGroup(st, x.open.pop());
  if (atomicSr) closeGroup(st, x.open.pop());
}

function closeGroup(st: State, open: number | undefined): void {
  if (open !== undefined) {
    const item = st.item(open);
    if (item.k === 'open') item.end = st.items.length;
  }
  st.items.push({ k: 'ket' });
}

/** Opens a group; `nest` false for a group PCRE2 opens without a parenthesis of its own. */
export function pushOpen(
  x: Ctx,
  g: GroupKind,
  num = 0,
  offset = 0,
  nest = true,
): Item & { k: 'open' } {
  const item = { k: 'open' as const, g, num, offset, end: -1 };
  x.open.push(x.st.items.length);
  x.st.items.push(item);
  if (nest) x.depth++;
  return item;
}
