// The PCRE2 checker against a real NGINX Unit 1.35.0: every route of the shared verdicts whose
// only possible reason for refusal is a `~` pattern (test/fixtures/pcre2-unit-verdicts.json lists
// the patterns of each such route and Unit's verdict and message).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { checkPcre2, unitRegexMessage } from '../../src/unit/pcre2/check.js';

interface Case {
  patterns: string[];
  unit: 'accept' | 'reject';
  error?: string;
}
const cases = JSON.parse(
  readFileSync(new URL('../fixtures/pcre2-unit-verdicts.json', import.meta.url), 'utf8'),
) as Case[];

/** Unit stops at the first pattern it cannot compile and reports that one. */
function judge(patterns: string[]): string | undefined {
  for (const pattern of patterns) {
    const e = checkPcre2(pattern);
    if (e) return unitRegexMessage(pattern, e);
  }
  return undefined;
}

describe('PCRE2 checker and Unit’s verdicts', () => {
  it('gives Unit’s verdict and message on every regular-expression case', () => {
    assert.ok(cases.length > 100);
    for (const c of cases) assert.equal(judge(c.patterns), c.error, JSON.stringify(c.patterns));
  });
});
