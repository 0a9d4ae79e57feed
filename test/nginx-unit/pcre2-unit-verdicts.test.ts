// The PCRE2 checker against a real NGINX Unit 1.35.0: every route of the shared verdicts whose
// only possible reason for refusal is a `~` pattern (test/fixtures/pcre2-unit-verdicts.json lists
// the patterns of each such route and Unit's verdict and message). dactl must refuse the pattern
// Unit refused, printing Unit's PCRE2 message and offset in its own words.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { patternProblem } from '../../src/unit/route-match.js';

interface Case {
  patterns: string[];
  unit: 'accept' | 'reject';
  error?: string;
}
const cases = JSON.parse(
  readFileSync(new URL('../fixtures/pcre2-unit-verdicts.json', import.meta.url), 'utf8'),
) as Case[];

/** dactl's words for the first pattern it refuses (Unit stops at the first it cannot compile). */
function dactl(patterns: string[]): string | undefined {
  for (const pattern of patterns) {
    const problem = patternProblem(`~${pattern}`, false);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * Unit's "Invalid regular expression: <PCRE2's message> at offset <n>" (no offset at the end of
 * the pattern) in dactl's words, for the first pattern dactl refused.
 */
function inDactlWords(unitError: string | undefined, patterns: string[]): string | undefined {
  if (unitError === undefined) return undefined;
  const m = /^Invalid regular expression: (.*?)(?: at offset (\d+))?$/.exec(unitError);
  assert.ok(m, unitError);
  const pattern = patterns.find((p) => patternProblem(`~${p}`, false) !== undefined) ?? '';
  const at = m[2] === undefined ? '' : ` (at byte ${m[2]})`;
  return `"${pattern}" is not a valid regular expression: ${m[1] ?? ''}${at}`;
}

describe('PCRE2 checker and Unit’s verdicts', () => {
  it('gives Unit’s verdict, message and offset on every regular-expression case', () => {
    assert.ok(cases.length > 100);
    for (const c of cases) {
      assert.equal(
        dactl(c.patterns),
        inDactlWords(c.error, c.patterns),
        JSON.stringify(c.patterns),
      );
    }
  });
});
