import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generatePassword } from '../../src/settings/generate.js';

describe('generatePassword', () => {
  it('is 20 characters with every kind a panel may insist on', () => {
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      assert.equal(p.length, 20);
      assert.match(p, /[a-z]/);
      assert.match(p, /[A-Z]/);
      assert.match(p, /[2-9]/);
      assert.match(p, /[-_.+=@%]/);
      assert.match(p, /^[A-Za-z2-9\-_.+=@%]+$/, 'only shell- and URL-safe characters');
      assert.doesNotMatch(p, /[0O1lI]/, 'no look-alikes');
    }
  });

  it('does not repeat itself, and refuses short lengths', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => generatePassword()));
    assert.equal(seen.size, 1000);
    assert.equal(generatePassword(32).length, 32);
    assert.throws(() => generatePassword(8), RangeError);
  });
});
