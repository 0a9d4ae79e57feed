import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PanelError } from '../../src/errors.js';
import { filterOperations, operationsOf, shippedOperations } from '../../src/api/swagger.js';

const doc = {
  swagger: '2.0',
  paths: {
    '/api/b': { post: { summary: 'Create B' }, get: { description: 'Read B\nin detail' } },
    '/api/a': { delete: { summary: 'Delete A' }, parameters: [] },
    '/api/c': 'not an object',
  },
};

describe('operationsOf', () => {
  it('lists method, path and summary, by path then method, falling back to the description', () => {
    assert.deepEqual(operationsOf(doc), [
      { method: 'DELETE', path: '/api/a', summary: 'Delete A' },
      { method: 'GET', path: '/api/b', summary: 'Read B' },
      { method: 'POST', path: '/api/b', summary: 'Create B' },
    ]);
  });
  it('refuses a document without paths as an unexpected reply (exit 5)', () => {
    assert.throws(() => operationsOf({ swagger: '2.0' }), PanelError);
    assert.throws(() => operationsOf('<html>'), PanelError);
  });
});

describe('filterOperations', () => {
  it('keeps operations where every word appears, in any case', () => {
    const ops = operationsOf(doc);
    assert.deepEqual(
      filterOperations(ops, 'b CREATE').map((o) => o.method),
      ['POST'],
    );
    assert.equal(filterOperations(ops, '').length, 3);
    assert.equal(filterOperations(ops, 'nothing').length, 0);
  });
});

describe('shippedOperations', () => {
  it('reads the copy shipped with dactl: the whole new API, /api paths only', async () => {
    const ops = await shippedOperations();
    assert.ok(ops.length > 150, `only ${ops.length} operations`);
    assert.ok(ops.every((o) => o.path.startsWith('/api/')));
    assert.deepEqual(
      ops.find((o) => o.path === '/api/db-show/databases'),
      { method: 'GET', path: '/api/db-show/databases', summary: 'Get Databases list' },
    );
  });
});
