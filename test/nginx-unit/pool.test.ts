import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mapPooled } from '../../src/pool.js';

describe('mapPooled', () => {
  it('keeps the items’ order and never runs more than asked at once', async () => {
    let running = 0;
    let most = 0;
    const out = await mapPooled([5, 1, 4, 2, 3], 2, async (n, i) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      return `${String(i)}:${String(n * 10)}`;
    });
    assert.deepEqual(out, ['0:50', '1:10', '2:40', '3:20', '4:30']);
    assert.equal(most, 2);
    assert.deepEqual(await mapPooled([], 8, () => Promise.resolve(1)), []);
  });
});
