// The diff `unit app modify` shows: changed lines, a little context, nothing when equal.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hunks, jsonDiff, lineDiff, sameJson } from '../../src/unit/diff.js';

describe('diff', () => {
  it('finds no change when only the key order differs', async () => {
    assert.ok(sameJson({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 }));
    assert.ok(!sameJson({ a: [1, 2] }, { a: [2, 1] }));
    assert.deepEqual(await jsonDiff({ a: 1, b: 2 }, { b: 2, a: 1 }), []);
  });

  it('shows a changed value as a removal then an addition', async () => {
    const diff = await jsonDiff(
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

  it('keeps every line of both sides, in order', async () => {
    const before = 'a\nb\nc\nd';
    const after = 'a\nc\nx\nd\ne';
    const lines = await lineDiff(before, after);
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

  it('cuts long unchanged stretches down to context and one "…"', async () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${String(i)}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const shown = hunks(await lineDiff(before, after), 2);
    assert.equal(shown[0], '…');
    assert.equal(shown.at(-1), '…');
    assert.equal(shown.length, 2 + 2 + 2 + 2);
  });

  it('diffs a 40,000-line definition with a few changes, every line kept in order', async () => {
    const before = {
      environment: Object.fromEntries(
        Array.from({ length: 40_000 }, (_, i) => [`VAR_${String(i)}`, `value ${String(i)}`]),
      ),
    };
    const after = structuredClone(before);
    after.environment.VAR_100 = 'changed';
    after.environment.VAR_30000 = 'changed too';
    delete (after.environment as Record<string, string>).VAR_20000;
    const diff = await jsonDiff(before, after);
    assert.equal(diff.length, 40_004 + 2);
    assert.deepEqual(
      diff.filter((l) => l.op !== ' ').map((l) => l.op + l.text.trim()),
      [
        '-"VAR_100": "value 100",',
        '+"VAR_100": "changed",',
        '-"VAR_20000": "value 20000",',
        '-"VAR_30000": "value 30000",',
        '+"VAR_30000": "changed too",',
      ],
    );
    assert.equal(hunks(diff).filter((l) => l !== '…').length, 8 + 7 + 8);
  });

  it('shows a change too long to search as the old lines removed, then the new ones added', async () => {
    const before = Array.from({ length: 5000 }, (_, i) => `old ${String(i)}`);
    const after = Array.from({ length: 5000 }, (_, i) => `new ${String(i)}`);
    const lines = await lineDiff(
      ['head', ...before, 'tail'].join('\n'),
      ['head', ...after, 'tail'].join('\n'),
    );
    assert.deepEqual(
      lines.map((l) => l.op + l.text),
      [' head', ...before.map((t) => `-${t}`), ...after.map((t) => `+${t}`), ' tail'],
    );
  });
});
