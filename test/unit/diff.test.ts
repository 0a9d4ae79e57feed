// The diff `unit app modify` shows: changed lines, a little context, nothing when equal.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hunks, jsonDiff, lineDiff, sameJson } from '../../src/unit/diff.js';

describe('diff', () => {
  it('finds no change when only the key order differs', () => {
    assert.ok(sameJson({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 }));
    assert.ok(!sameJson({ a: [1, 2] }, { a: [2, 1] }));
    assert.deepEqual(jsonDiff({ a: 1, b: 2 }, { b: 2, a: 1 }), []);
  });

  it('shows a changed value as a removal then an addition', () => {
    const diff = jsonDiff(
      { limits: { timeout: 30 }, user: 'fred' },
      { limits: { timeout: 60 }, user: 'fred' },
    );
    assert.deepEqual(
      diff.filter((l) => l.op !== ' '),
      [
        { op: '-', text: '    "timeout": 30' },
        { op: '+', text: '    "timeout": 60' },
      ],
    );
  });

  it('keeps every line of both sides, in order', () => {
    const before = 'a\nb\nc\nd';
    const after = 'a\nc\nx\nd\ne';
    const lines = lineDiff(before, after);
    assert.equal(
      lines
        .filter((l) => l.op !== '+')
        .map((l) => l.text)
        .join('\n'),
      before,
    );
    assert.equal(
      lines
        .filter((l) => l.op !== '-')
        .map((l) => l.text)
        .join('\n'),
      after,
    );
    assert.deepEqual(
      lines.map((l) => l.op + l.text),
      [' a', '-b', ' c', '+x', ' d', '+e'],
    );
  });

  it('cuts long unchanged stretches down to context and one "…"', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${String(i)}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const shown = hunks(lineDiff(before, after), 2);
    assert.equal(shown[0], '…');
    assert.equal(shown.at(-1), '…');
    assert.equal(shown.length, 2 + 2 + 2 + 2);
  });
});
