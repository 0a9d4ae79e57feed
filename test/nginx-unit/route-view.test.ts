// How routes are shown, and when the ACME reminder is due (every request to the application).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  describeAction,
  describeMatch,
  sendsEverythingToApp,
  stepRows,
} from '../../src/unit/route-view.js';

const pass = { pass: 'applications/fred.example_app' };

describe('route view', () => {
  it('shows one row per step: the raw match and action, described in the table', () => {
    const rows = stepRows([
      { match: { uri: ['/a/*', '/b'], method: 'GET' }, action: pass },
      { match: { headers: { X: 'y' } }, action: { return: 301, location: 'https://x/' } },
      { action: { share: ['/home/fred/a$uri', '/home/fred/b'], fallback: { return: 404 } } },
      { action: { proxy: 'http://127.0.0.1:8080' } },
      'junk',
    ]);
    assert.deepEqual(rows[0], {
      step: 0,
      match: { uri: ['/a/*', '/b'], method: 'GET' },
      action: pass,
    });
    assert.deepEqual(rows[4], { step: 4, match: null, action: null });
    assert.deepEqual(
      rows.map((r) => ({
        step: r.step,
        match: describeMatch(r.match),
        action: describeAction(r.action),
      })),
      [
        {
          step: 0,
          match: 'uri=/a/* | /b, method=GET',
          action: 'pass applications/fred.example_app',
        },
        { step: 1, match: 'headers={"X":"y"}', action: 'return 301 → https://x/' },
        {
          step: 2,
          match: '(any request)',
          action: 'share /home/fred/a$uri | /home/fred/b, else return 404',
        },
        { step: 3, match: '(any request)', action: 'proxy http://127.0.0.1:8080' },
        { step: 4, match: '(any request)', action: 'null' },
      ],
    );
    assert.equal(describeAction({ return: 204 }), 'return 204');
    assert.equal(describeAction({ pass: 'a', share: 'b' }), '{"pass":"a","share":"b"}');
  });

  it('knows when every request goes to the application server', () => {
    assert.ok(sendsEverythingToApp([{ action: pass }]));
    assert.ok(sendsEverythingToApp([{ match: {}, action: { proxy: 'http://1.2.3.4:80' } }]));
    assert.ok(sendsEverythingToApp([{ match: { uri: '*' }, action: pass }]));
    assert.ok(sendsEverythingToApp([{ match: { uri: ['/x', '*'] }, action: pass }]));
    assert.ok(
      sendsEverythingToApp([
        { match: { uri: '/static/*' }, action: { share: '/x' } },
        { action: pass },
      ]),
    );
    assert.ok(!sendsEverythingToApp([]));
    assert.ok(!sendsEverythingToApp([{ match: { uri: '/api/*' }, action: pass }]));
    assert.ok(!sendsEverythingToApp([{ match: { uri: ['*', '!/.well-known/*'] }, action: pass }]));
    assert.ok(!sendsEverythingToApp([{ match: { uri: '*', method: 'GET' }, action: pass }]));
    assert.ok(!sendsEverythingToApp([{ action: { share: '/x', fallback: pass } }]));
    // Only the first catch-all counts: later steps are never reached.
    assert.ok(!sendsEverythingToApp([{ action: { return: 404 } }, { action: pass }]));
  });
});
