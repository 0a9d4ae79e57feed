// CMD_UNIT requests as dactl sends them, and the listing replies it accepts or refuses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkListing,
  checkUnitReply,
  createAppRequest,
  deleteAppsRequest,
  modifyAppRequest,
} from '../../src/api/unit.js';
import { PanelError } from '../../src/errors.js';

describe('CMD_UNIT requests', () => {
  it('puts json=yes in the query and the definition in the form field "json"', () => {
    const app = { type: 'php', root: '/r', processes: 2 };
    assert.deepEqual(createAppRequest('fred.example', 'blog', app), {
      method: 'POST',
      path: '/CMD_UNIT',
      query: { json: 'yes' },
      form: {
        domain: 'fred.example',
        action: 'create',
        name: 'blog',
        json: '{"type":"php","root":"/r","processes":2}',
      },
    });
    assert.equal(modifyAppRequest('fred.example', 'blog', app).form?.action, 'modify');
  });

  it('deletes several applications with select0, select1, …', () => {
    assert.deepEqual(deleteAppsRequest('fred.example', ['a', 'b']).form, {
      domain: 'fred.example',
      action: 'select',
      select0: 'a',
      select1: 'b',
    });
  });
});

describe('CMD_UNIT replies', () => {
  it('accepts the listing, an empty one written as [] and routes as a list or keys', () => {
    assert.deepEqual(
      checkListing({ applications: { a: { type: 'php' } }, routes: ['fred.example'] }),
      {
        applications: { a: { type: 'php' } },
        routes: ['fred.example'],
      },
    );
    assert.deepEqual(checkListing({ applications: [] }), { applications: {}, routes: [] });
    assert.deepEqual(checkListing({ applications: {}, routes: { 'a.fred.example': 1 } }).routes, [
      'a.fred.example',
    ]);
  });

  it('refuses anything else as a panel answering nonsense (exit 5)', () => {
    for (const reply of [
      null,
      [],
      'x',
      {},
      { applications: 'x' },
      { applications: { a: 'x' } },
      { applications: {}, routes: [1] },
    ]) {
      assert.throws(() => checkListing(reply), PanelError, JSON.stringify(reply));
    }
  });

  it('reads the panel’s words of success', () => {
    assert.equal(
      checkUnitReply({ success: 'Application created', result: 'fred.example_a' }, 'x'),
      'Application created: fred.example_a',
    );
    assert.equal(checkUnitReply({ success: 'Saved', result: '' }, 'x'), 'Saved');
    assert.throws(() => checkUnitReply({ result: 'x' }, 'the creation'), /the creation/);
  });
});
