// Route sets against Unit's rules and the panel's: the overall shape, steps and their keys, and a
// full route of every feature that must pass. Every problem names its JSON path.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateRoute } from '../../src/unit/route-validate.js';
import { offline, online } from '../helpers/routes.js';

const step = (action: unknown, match?: unknown): Record<string, unknown> =>
  match === undefined ? { action } : { match, action };

describe('validateRoute: the route and its steps', () => {
  it('accepts an empty route and a route using every feature', () => {
    assert.deepEqual(validateRoute([], online), []);
    const full = [
      step(
        { pass: 'applications/fred.example_api/admin', rewrite: '/admin$request_uri' },
        {
          uri: ['/admin/*', '!/admin/login'],
          method: ['GET', 'POST'],
          host: '~^(www\\.)?fred\\.example$',
          scheme: 'HTTPS',
          source: ['10.0.0.0/8', '!10.1.2.3', '[2001:db8::1]:8000-8080', 'unix'],
          destination: '*:443',
          query: 'a=%20b',
          arguments: [{ lang: 'en*' }, { 'q%20x': ['~^\\d+$'] }],
          headers: { 'User-Agent': '*Mozilla*', Accept: ['text/html', '*json*'] },
          cookies: [{ session: '!' }],
          if: '!$cookie_debug',
        },
      ),
      step({ proxy: 'http://127.0.0.1:8080', response_headers: { 'X-Proxied': 'yes' } }, {}),
      step({ proxy: 'http://[::1]:3000' }, { uri: '/ws/*' }),
      step({ proxy: 'http://unix:/home/fred/app.sock' }, { uri: '/sock/*' }),
      step({ return: 301, location: 'https://fred.example$request_uri' }, { scheme: 'http' }),
      step({ return: 0 }, { uri: '/empty' }),
      step({
        share: ['/home/fred/domains/fred.example/public_html$uri', '/home/fred/shared$uri'],
        index: 'index.htm',
        types: ['image/*', '~text/.*', '!application/x-php'],
        chroot: '/home/fred/domains/fred.example/public_html',
        follow_symlinks: false,
        traverse_mounts: true,
        response_headers: { 'Cache-Control': 'max-age=60', Server: null },
        fallback: {
          share: '/home/fred/www$uri',
          fallback: { pass: 'applications/fred.example_app' },
        },
      }),
    ];
    assert.deepEqual(validateRoute(full, online), []);
  });

  it('wants an array of step objects', () => {
    assert.deepEqual(validateRoute({ action: {} }, offline), [
      'the route must be a JSON array of steps, not an object',
    ]);
    assert.deepEqual(validateRoute('[]', offline), [
      'the route must be a JSON array of steps, not a string',
    ]);
    assert.deepEqual(validateRoute(null, offline), [
      'the route must be a JSON array of steps, not null',
    ]);
    assert.deepEqual(validateRoute([[], 3, 'x'], offline), [
      '[0]: each step must be an object {"match": ..., "action": ...}, not an array',
      '[1]: each step must be an object {"match": ..., "action": ...}, not an integer',
      '[2]: each step must be an object {"match": ..., "action": ...}, not a string',
    ]);
  });

  it('requires an action in each step and knows only match and action', () => {
    assert.deepEqual(validateRoute([{}], offline), [
      '[0].action: required: what to do with the request',
    ]);
    assert.deepEqual(validateRoute([{ match: { uri: '/' } }], offline), [
      '[0].action: required: what to do with the request',
    ]);
    assert.deepEqual(validateRoute([{ matc: {}, action: { return: 404 } }], offline), [
      '[0].matc: unknown key for a step (did you mean "match"?)',
    ]);
    assert.deepEqual(validateRoute([{ actions: { return: 404 } }], offline), [
      '[0].action: required: what to do with the request',
      '[0].actions: unknown key for a step (did you mean "action"?)',
    ]);
    assert.deepEqual(validateRoute([{ then: 1, action: { return: 404 } }], offline), [
      '[0].then: unknown key for a step; allowed: "match" or "action"',
    ]);
    assert.deepEqual(validateRoute([{ match: [], action: [] }], offline), [
      '[0].match: must be an object of conditions, not an array',
      '[0].action: must be an object, not an array',
    ]);
  });

  it('reports every problem of every step, each with its path', () => {
    const problems = validateRoute(
      [
        step({ return: 200 }),
        step({ pass: 'applications/other.com_x' }),
        step({ return: 1000 }, { uri: '**' }),
      ],
      offline,
    );
    assert.deepEqual(problems, [
      '[1].action.pass: application "other.com_x" belongs to another domain; use applications/fred.example_<app>',
      '[2].match.uri: pattern "**" must not contain "**"',
      '[2].action.return: must be an HTTP status: an integer from 0 to 999',
    ]);
  });

  it('quotes keys that are not plain names in paths', () => {
    assert.deepEqual(validateRoute([step({ return: 200 }, { headers: { 'X-A.b': 3 } })], offline), [
      '[0].match.headers["X-A.b"]: must be a string or an array of strings, not an integer',
    ]);
  });
});
