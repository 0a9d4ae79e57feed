// What the suggestion prompt offers as text is typed: the matches (those starting with the text
// first), at most seven, and the text itself when it is not one of them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { entriesFor } from '../../src/prompt-suggest.js';

const packages = ['default', 'bronze', 'static', 'silver', 'standard', 'starter'];

describe('suggestion prompt entries', () => {
  it('nothing typed: every suggestion, in the panel’s order', () => {
    assert.deepEqual(entriesFor(packages, ''), packages);
  });

  it('typed text filters, case-insensitively, those starting with it first', () => {
    assert.deepEqual(entriesFor(packages, 'sta'), ['static', 'standard', 'starter', 'sta']);
    assert.deepEqual(entriesFor(packages, 'ER'), ['silver', 'starter', 'ER']);
    assert.deepEqual(entriesFor(packages, 'silver'), ['silver']);
  });

  it('a value not among them can be typed: it is offered as typed', () => {
    assert.deepEqual(entriesFor(['127.0.0.1', '127.0.0.2'], '192.0.2.55'), ['192.0.2.55']);
    assert.deepEqual(entriesFor(['myshop.example'], 'shop.example'), [
      'myshop.example',
      'shop.example',
    ]);
  });

  it('shows at most seven matches, and still the text as typed', () => {
    const many = Array.from({ length: 20 }, (_, i) => `d${String(i)}.example`);
    const entries = entriesFor(many, 'd');
    assert.equal(entries.length, 8);
    assert.equal(entries.at(-1), 'd');
  });
});
