// dactl's PCRE2 checker against PCRE2 itself: generated patterns go through `pcre2test` (Debian's
// pcre2-utils, PCRE2 10.42 as NGINX Unit 1.35 links it; all in one process) and through the check
// of a route's `~` pattern, and dactl must print PCRE2's verdict: nothing for a pattern PCRE2
// compiles, else PCRE2's message at PCRE2's offset. `npm test` runs 20,000 patterns from a fixed
// seed; `npm run fuzz` ten times FUZZ_RUNS from a fresh seed (printed, FUZZ_SEED replays it).
// Without pcre2test 10.42 the tests are skipped, saying why.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkPcre2 } from '../../src/unit/pcre2/check.js';
import { patternProblem } from '../../src/unit/route-match.js';
import { pcre2Patterns } from '../helpers/pcre2-patterns.js';
import { pcre2test, pcre2testMissing, type Pcre2Verdict } from '../helpers/pcre2test.js';
import { fc, runs, seed } from '../helpers/property.js';

const count = runs ? runs * 10 : 20_000;
const missing = pcre2testMissing();

/** What `dactl unit route validate` prints for a `~` pattern PCRE2 judged so (none when valid). */
function printed(pattern: string, verdict: Pcre2Verdict): string | undefined {
  if ('size' in verdict) return undefined;
  const at = verdict.offset < Buffer.byteLength(pattern) ? ` (at byte ${verdict.offset})` : '';
  return `"${pattern}" is not a valid regular expression: ${verdict.message}${at}`;
}

const short = (text: string | undefined): string =>
  text === undefined
    ? 'valid'
    : text.length > 300
      ? `${text.slice(0, 300)}… (${text.length})`
      : text;

/** Each pattern on which dactl and PCRE2 disagree, as a line to read. */
function disagreements(patterns: readonly string[]): string[] {
  const verdicts = pcre2test(patterns);
  const lines: string[] = [];
  patterns.forEach((pattern, i) => {
    const expected = printed(pattern, verdicts[i] as Pcre2Verdict);
    const got = patternProblem(`~${pattern}`, false);
    if (got !== expected) {
      lines.push(
        `${short(JSON.stringify(pattern))}\n  PCRE2: ${short(expected)}\n  dactl: ${short(got)}`,
      );
    }
  });
  return lines;
}

/** Options PCRE2 reads only at the very start, such as (*UTF). */
const START = /^(?:\(\*(?:[A-Z0-9_]+|LIMIT_[A-Z]+=\d+)\))*/;

/** `pattern` after a prefix of exactly `units` code units: (?:.){n} is 7n, each . one more. */
function padded(pattern: string, units: number): string {
  const start = START.exec(pattern)?.[0] ?? '';
  const prefix = `(?:.){${String(Math.floor(units / 7))}}${'.'.repeat(units % 7)}`;
  return start + prefix + pattern.slice(start.length);
}

/** The longest prefix with which dactl still takes the pattern: the pattern's size, inverted. */
function room(pattern: string): number {
  let lo = 14;
  let hi = 1 << 16;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (checkPcre2(padded(pattern, mid)) === undefined) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

describe('PCRE2 checker against pcre2test', { skip: missing }, () => {
  const patterns = fc.sample(pcre2Patterns(fc), { seed, numRuns: count });

  it(`prints PCRE2's verdict, message and offset on ${String(count)} generated patterns`, () => {
    const found = disagreements(patterns);
    assert.deepEqual(found.slice(0, 10), [], `${String(found.length)} disagreements, seed ${seed}`);
  });

  it('finds the compiled-size limit exactly where PCRE2 does, after each kind of item', () => {
    // Each accepted pattern after the longest prefix dactl allows it, then one unit longer: PCRE2
    // must take the first and find the second too large, so dactl sizes the pattern exactly.
    const sized = patterns
      .filter(
        (p) =>
          p.length < 300 && checkPcre2(p) === undefined && checkPcre2(padded(p, 14)) === undefined,
      )
      .slice(0, Math.ceil(count / 50));
    const edges = sized.flatMap((p) => {
      const units = room(p);
      return [padded(p, units), padded(p, units + 1)];
    });
    assert.ok(edges.length > 200);
    const found = disagreements(edges);
    assert.deepEqual(found.slice(0, 10), [], `${String(found.length)} disagreements, seed ${seed}`);
  });
});
