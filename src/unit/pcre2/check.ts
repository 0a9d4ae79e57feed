/**
 * A PCRE2 10.42 pattern checker: judges a regular expression the way pcre2_compile() does with the
 * options NGINX Unit passes for a route's "~pattern" (none: no UTF unless (*UTF), newline LF,
 * parentheses nest limit 250), without compiling anything.
 */
import { checkCompile } from './compile.js';
import { checkLookbehinds } from './lookbehind.js';
import { Fail, MSG } from './messages.js';
import { parse } from './parse.js';
import { State, type Newline } from './state.js';

const utf8 = new TextEncoder();

/** A compile error as Unit reports it: PCRE2's own message and its offset in UTF-8 code units. */
interface Pcre2Error {
  offset: number;
  message: string;
}

/** undefined when PCRE2 would compile the pattern. */
export function checkPcre2(pattern: string): Pcre2Error | undefined {
  const st = new State(utf8.encode(pattern));
  try {
    parse(st, startOptions(st));
    if (st.hasLookbehind) checkLookbehinds(st);
    checkCompile(st);
    return undefined;
  } catch (e) {
    if (e instanceof Fail) return { offset: e.offset, message: MSG[e.code] };
    throw e;
  }
}

const START_OPTIONS: [string, Newline | 'utf' | 'ucp' | 'limit' | ''][] = [
  ['UTF8)', 'utf'],
  ['UTF)', 'utf'],
  ['UCP)', 'ucp'],
  ['NOTEMPTY)', ''],
  ['NOTEMPTY_ATSTART)', ''],
  ['NO_AUTO_POSSESS)', ''],
  ['NO_DOTSTAR_ANCHOR)', ''],
  ['NO_JIT)', ''],
  ['NO_START_OPT)', ''],
  ['LIMIT_HEAP=', 'limit'],
  ['LIMIT_MATCH=', 'limit'],
  ['LIMIT_DEPTH=', 'limit'],
  ['LIMIT_RECURSION=', 'limit'],
  ['CR)', 'cr'],
  ['LF)', 'lf'],
  ['CRLF)', 'crlf'],
  ['ANY)', 'any'],
  ['NUL)', 'nul'],
  ['ANYCRLF)', 'anycrlf'],
  ['BSR_ANYCRLF)', ''],
  ['BSR_UNICODE)', ''],
];

/** Reads (*UTF), (*CR), (*LIMIT_MATCH=n) ... at the very start; returns where the pattern proper begins. */
function startOptions(st: State): number {
  let p = 0;
  outer: while (st.end - p >= 2 && st.at(p) === 0x28 && st.at(p + 1) === 0x2a) {
    for (const [name, what] of START_OPTIONS) {
      if (st.end - p - 2 < name.length || st.text(p + 2, p + 2 + name.length) !== name) continue;
      p += 2 + name.length;
      if (what === 'utf') st.utf = true;
      else if (what === 'ucp') st.ucp = true;
      else if (what === 'limit') p = limit(st, p);
      else if (what) st.newline = what;
      continue outer;
    }
    break;
  }
  return p;
}

function limit(st: State, p: number): number {
  const digit = (q: number): boolean => q < st.end && st.at(q) >= 0x30 && st.at(q) <= 0x39;
  if (!digit(p)) throw new Fail(60, p);
  // PCRE2 stops reading digits before its 32-bit value would overflow.
  for (let n = 0; digit(p) && n <= 429496728; p++) n = n * 10 + st.at(p) - 0x30;
  if (st.at(p++) !== 0x29) throw new Fail(60, p);
  return p;
}
