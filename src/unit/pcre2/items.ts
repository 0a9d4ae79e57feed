/** Escapes and classes in the body of the pattern (outside classes, for escapes). */
import { classItem } from './class-code.js';
import { checkEscape } from './escape.js';
import { posixEnd, readClass } from './klass.js';
import { fail } from './messages.js';
import type { Ctx } from './parse.js';
import { readProperty } from './props.js';
import { errorsAt, MAX_GROUP, readName, readNumber } from './read.js';
import { charItem } from './units.js';

export function escape(x: Ctx): void {
  const { st } = x;
  const e = checkEscape(st, x.p, false);
  x.p = e.p;
  if (e.kind === 'char') {
    st.items.push(charItem(st, e.c, x.options.caseless));
    x.okQuant = true;
  } else if (e.kind === 'ref') {
    const offset = x.p - 1;
    const first = e.n < 10 ? (st.smallRefOffset[e.n] ??= offset) : offset;
    st.items.push({ k: 'ref', n: e.n, offset: first });
    x.okQuant = true;
  } else if (e.e === 'p' || e.e === 'P') {
    const prop = readProperty(st, x.p);
    x.p = prop.p;
    // \p{Any} is OP_ALLANY; other properties are an opcode, a type and a value.
    const any = prop.any && prop.caret === (e.e === 'P');
    st.items.push({ k: 'esc', e: e.e, units: any ? 1 : 3 });
    x.okQuant = true;
  } else if (e.e === 'g' || e.e === 'k') {
    namedReference(x, e.e);
  } else {
    // With (*UCP), \d \s \w and their negations are Unicode property tests.
    const units = st.ucp && 'dDsSwW'.includes(e.e) ? 3 : 1;
    st.items.push({ k: 'esc', e: e.e, units });
    x.okQuant = !'AGKBbZz'.includes(e.e);
  }
}

/** \k<n> \k'n' \k{n} \g{name} (back references) and \g<n> \g'n' (calls by name or number). */
function namedReference(x: Ctx, kind: 'g' | 'k'): void {
  const { st } = x;
  const c = st.at(x.p);
  if (c !== 0x7b && c !== 0x3c && c !== 0x27) fail(kind === 'g' ? 57 : 69, x.p);
  const term = c === 0x3c ? 0x3e : c === 0x27 ? 0x27 : 0x7d;
  if (kind === 'g' && term !== 0x7d) {
    const at = x.p;
    const r = errorsAt(at, () => readNumber(st, at + 1, st.bracount, MAX_GROUP, 61));
    if (r) {
      if (r.p >= st.end || st.at(r.p) !== term) fail(57, x.p);
      st.items.push({ k: 'recurse', n: r.n, offset: r.p });
      x.p = r.p + 1;
      x.okQuant = true;
      return;
    }
  }
  const r = readName(st, x.p, term);
  x.p = r.p;
  const byName = kind === 'k' || term === 0x7d ? 'refname' : 'recursename';
  st.items.push({ k: byName, name: r.name, offset: r.offset });
  x.okQuant = true;
}

export function klass(x: Ctx): void {
  const { st, p } = x;
  x.okQuant = true;
  const six = st.text(p, Math.min(p + 6, st.end));
  if (six === '[:<:]]' || six === '[:>:]]') {
    // The POSIX word boundaries, which PCRE2 rewrites as \b(?=\w) and \b(?<=\w).
    x.p += 6;
    const g = six[2] === '>' ? 'lookbehind' : 'lookahead';
    if (g === 'lookbehind') st.hasLookbehind = true;
    const at = st.items.length;
    st.items.push(
      { k: 'esc', e: 'b', units: 1 },
      { k: 'open', g, num: 0, offset: 0, end: at + 3 },
      { k: 'esc', e: 'w', units: st.ucp ? 3 : 1 },
      { k: 'ket' },
    );
    return;
  }
  if (p < st.end && ':.='.includes(String.fromCharCode(st.at(p))) && posixEnd(st, p) >= 0) {
    fail(st.at(p) === 0x3a ? 12 : 13, p - 1);
  }
  const r = readClass(st, p, x.options.extendedMore);
  x.p = r.p;
  st.items.push(classItem(st, r.parts, r.negated, x.options.caseless));
}
