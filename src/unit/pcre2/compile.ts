/**
 * The errors PCRE2 finds only while compiling the parsed pattern, in its order: references to
 * groups that do not exist, \K in a lookaround and a pattern too large (first pass), then
 * conditional groups with too many branches (second pass).
 */
import { fail } from './messages.js';
import { Sizer } from './size.js';
import { isDigit, type Item, type State } from './state.js';

interface Frame {
  item?: Item & { k: 'open' };
  branches: number;
  /** PCRE2 reports a bad condition at the offset last recorded in the enclosing branch. */
  lastOffset: number;
  errOffset: number;
}

export function checkCompile(st: State): void {
  const branchErrors: [number, 27 | 54][] = [];
  const stack: Frame[] = [{ branches: 1, lastOffset: 0, errOffset: 0 }];
  let asserts = 0;
  const size = new Sizer(st);
  for (const [i, item] of st.items.entries()) {
    size.item(i);
    const frame = stack[stack.length - 1] as Frame;
    switch (item.k) {
      case 'ref':
      case 'recurse':
        if (item.n > st.bracount) fail(15, item.offset);
        frame.lastOffset = item.offset;
        break;
      case 'refname':
      case 'recursename':
        if (!st.names.some((n) => n.name === item.name)) fail(15, item.offset);
        frame.lastOffset = item.offset;
        break;
      case 'callout':
        frame.lastOffset = item.offset;
        break;
      case 'esc':
        if (item.e === 'K' && asserts > 0) fail(99, st.end);
        break;
      case 'open':
        if (item.g === 'lookahead' || item.g === 'lookbehind') asserts++;
        if (item.cond) checkCondition(st, item.cond, frame);
        stack.push({ item, branches: 1, lastOffset: 0, errOffset: frame.lastOffset });
        break;
      case 'alt':
        frame.branches++;
        frame.lastOffset = 0;
        break;
      case 'ket': {
        stack.pop();
        const g = frame.item;
        if (g?.g === 'lookahead' || g?.g === 'lookbehind') asserts--;
        if (g?.cond?.type === 'define' && frame.branches > 1)
          branchErrors.push([frame.errOffset, 54]);
        else if (g?.cond && frame.branches > 2) branchErrors.push([frame.errOffset, 27]);
        break;
      }
    }
  }
  size.end();
  const first = branchErrors[0];
  if (first) fail(first[1], first[0]);
}

function checkCondition(
  st: State,
  cond: NonNullable<(Item & { k: 'open' })['cond']>,
  frame: Frame,
): void {
  switch (cond.type) {
    case 'number':
      if (cond.n > st.bracount) fail(15, cond.offset);
      frame.lastOffset = cond.offset - 2;
      break;
    case 'define':
      frame.lastOffset = cond.offset;
      break;
    case 'name':
    case 'rname':
    case 'rnumber':
      frame.lastOffset = cond.offset;
      if (st.names.some((n) => n.name === cond.name)) break;
      if (cond.type !== 'rnumber') fail(15, cond.offset);
      {
        // (?(R2) with no group named "R2" tests recursion into group 2.
        let n = 0;
        for (let i = 1; i < cond.name.length && isDigit(cond.name.charCodeAt(i)); i++) {
          n = n * 10 + cond.name.charCodeAt(i) - 0x30;
          if (n > 65535) fail(61, cond.offset + i);
        }
        if (n > st.bracount) fail(15, cond.offset);
      }
      break;
  }
}
