// A step's `action`: exactly one kind, the members each kind allows, return codes, locations,
// proxies, response headers, and the panel's rule on `pass` (this domain's applications only).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actionKind } from '../../src/unit/route-action.js';
import { offline, online, problemsOf } from '../helpers/routes.js';

describe('action: one kind', () => {
  it('needs exactly one of pass, proxy, return and share', () => {
    assert.deepEqual(problemsOf({}), [
      '[0].action: must have exactly one of "pass", "proxy", "return" or "share"',
    ]);
    assert.deepEqual(problemsOf({ location: '/x' }), [
      '[0].action: must have exactly one of "pass", "proxy", "return" or "share"',
    ]);
    assert.deepEqual(problemsOf({ return: 404, share: '/home/fred/x' }), [
      '[0].action: must have exactly one of "pass", "proxy", "return" or "share", not "return" and "share"',
    ]);
    assert.deepEqual(
      problemsOf({ pass: 'applications/fred.example_app', proxy: 'http://1.2.3.4:80', return: 1 }),
      [
        '[0].action: must have exactly one of "pass", "proxy", "return" or "share", not "pass", "proxy" and "return"',
      ],
    );
    assert.deepEqual(problemsOf('pass'), ['[0].action: must be an object, not a string']);
  });

  it('allows each kind its own members, and rewrite and response_headers on all', () => {
    assert.deepEqual(problemsOf({ return: 404, rewrite: '/x', response_headers: {} }), []);
    assert.deepEqual(problemsOf({ pass: 'applications/fred.example_app', index: 'a' }), [
      '[0].action.index: unknown key for a "pass" action; allowed: "pass", "rewrite" or "response_headers"',
    ]);
    assert.deepEqual(problemsOf({ proxy: 'http://1.2.3.4:80', fallback: { return: 404 } }), [
      '[0].action.fallback: unknown key for a "proxy" action; allowed: "proxy", "rewrite" or "response_headers"',
    ]);
    assert.deepEqual(problemsOf({ return: 200, rewrit: '/x' }), [
      '[0].action.rewrit: unknown key for a "return" action (did you mean "rewrite"?)',
    ]);
  });

  it('knows the kind of an action', () => {
    assert.equal(actionKind({ share: '/x', fallback: {} }), 'share');
    assert.equal(actionKind({ pass: 'x', proxy: 'y' }), undefined);
    assert.equal(actionKind([]), undefined);
  });
});

describe('action: return and location', () => {
  it('takes an integer status from 0 to 999', () => {
    for (const status of [0, 200, 301, 999]) assert.deepEqual(problemsOf({ return: status }), []);
    for (const status of [-1, 1000, 301.5, '301', null]) {
      assert.deepEqual(problemsOf({ return: status }), [
        '[0].action.return: must be an HTTP status: an integer from 0 to 999',
      ]);
    }
  });

  it('allows location only with return, as a string with known variables', () => {
    assert.deepEqual(problemsOf({ return: 302, location: 'https://x.example$request_uri' }), []);
    assert.deepEqual(problemsOf({ pass: 'applications/fred.example_app', location: '/x' }), [
      '[0].action.location: is allowed only with "return"',
    ]);
    assert.deepEqual(problemsOf({ return: 301, location: 301 }), [
      '[0].action.location: must be a string, not an integer',
    ]);
    assert.deepEqual(problemsOf({ return: 301, location: 'https://x/$' }), [
      '[0].action.location: invalid variable at position 10',
    ]);
    assert.deepEqual(problemsOf({ return: 301, rewrite: '${uri' }), [
      '[0].action.rewrite: invalid variable at position 0',
    ]);
  });
});

describe('action: proxy', () => {
  it('takes http:// to an IP address and port, or a Unix socket', () => {
    for (const proxy of [
      'http://127.0.0.1:8080',
      'http://*:80',
      'http://[::1]:3000',
      'http://[::1]:8',
      'http://[2001:db8::1]:80',
      'http://unix:/home/fred/app.sock',
      'http://unix:@abstract',
    ]) {
      assert.deepEqual(problemsOf({ proxy }), [], proxy);
    }
  });

  it('refuses what Unit cannot proxy to', () => {
    const cases: [unknown, RegExp][] = [
      ['https://127.0.0.1:443', /Unit cannot proxy over https/],
      ['127.0.0.1:80', /^\[0\]\.action\.proxy: use http:\/\/<IPv4>:<port>/],
      ['HTTP://127.0.0.1:80', /use http:\/\//],
      ['http://localhost:8080', /"localhost" is not an IPv4 address/],
      ['http://127.0.0.1', /a port is needed/],
      ['http://127.0.0.1:0', /the port "0" must be a number from 1 to 65535/],
      ['http://127.0.0.1:65536', /from 1 to 65535/],
      ['http://127.0.0.1:8080/app', /the port "8080\/app"/],
      ['http://[::1]', /a port is needed after "\]"/],
      ['http://[nope]:80', /"nope" is not an IPv6 address/],
      ['http://unix:', /"unix" is not an IPv4 address/],
      [`http://unix:/${'x'.repeat(107)}`, /longer than 107 bytes/],
      [8080, /must be a string, not an integer/],
    ];
    for (const [proxy, rule] of cases) {
      const [problem, ...more] = problemsOf({ proxy });
      assert.match(problem ?? '', rule, String(proxy));
      assert.deepEqual(more, []);
    }
  });
});

describe('action: response_headers', () => {
  it('maps header names to strings, or null to remove one', () => {
    assert.deepEqual(
      problemsOf({ return: 204, response_headers: { 'X-Id': '$request_id', Server: null } }),
      [],
    );
    assert.deepEqual(problemsOf({ return: 204, response_headers: ['X'] }), [
      '[0].action.response_headers: must be an object of header name → value, not an array',
    ]);
    assert.deepEqual(
      problemsOf({
        return: 204,
        response_headers: {
          '': 'x',
          'Bad Name': 'x',
          'content-length': '1',
          'X-Num': 1,
          'X-Split': 'a\r\nSet-Cookie: x',
          'X-Tab': 'a\tb',
          'X-Var': '$nope',
        },
      }),
      [
        '[0].action.response_headers: header names must not be empty',
        '[0].action.response_headers["Bad Name"]: is not a valid header name (letters, digits and !#$%&\'*+-.^_`|~ only)',
        '[0].action.response_headers.content-length: Unit does not let a route set Content-Length',
        '[0].action.response_headers.X-Num: must be a string, or null to remove the header, not an integer',
        '[0].action.response_headers.X-Split: must not contain control characters',
        '[0].action.response_headers.X-Var: unknown variable "$nope"',
      ],
    );
  });
});

describe('action: pass, the panel’s scope', () => {
  const pass = (target: unknown, scope = offline): string[] =>
    problemsOf({ pass: target }, undefined, scope);

  it('offline: applications/<this domain>_<app>, checked by shape', () => {
    assert.deepEqual(pass('applications/fred.example_anything'), []);
    assert.deepEqual(pass('applications/fred.example_my-app_2/front'), []);
    assert.deepEqual(pass('applications/alice.example_blog'), [
      '[0].action.pass: application "alice.example_blog" belongs to another domain; use applications/fred.example_<app>',
    ]);
    assert.deepEqual(pass('applications/fred.example2_x'), [
      '[0].action.pass: application "fred.example2_x" belongs to another domain; use applications/fred.example_<app>',
    ]);
    assert.deepEqual(pass('applications/app'), [
      '[0].action.pass: application "app" is not named <domain>_<app>; use applications/fred.example_<app>',
    ]);
    assert.deepEqual(pass('applications/fred.example_a.b'), [
      '[0].action.pass: "a.b" is not a valid application name: it must use only letters, digits, "-" and "_"',
    ]);
    assert.deepEqual(pass('applications/fred.example_'), [
      '[0].action.pass: the application name after "fred.example_" is missing; use applications/fred.example_<app>',
    ]);
    assert.deepEqual(pass(''), [
      '[0].action.pass: an empty string is not a valid target; use applications/fred.example_<app>',
    ]);
  });

  it('decodes each part of the target as Unit does before judging it', () => {
    assert.deepEqual(pass('applications/fred.example%5Fapp'), []);
    assert.deepEqual(pass('applications/fred.example_sh%6fp/front'), []);
    assert.deepEqual(pass('applications/alice.example%5Fblog').length, 1);
    assert.deepEqual(pass('applications/fred.example_a%2Fb').length, 1);
    assert.deepEqual(pass('applications/fred.example_%zz'), [
      '[0].action.pass: "applications/fred.example_%zz" is not a valid target; use applications/fred.example_<app>',
    ]);
  });

  it('refuses routes, upstreams, variables and malformed targets', () => {
    assert.deepEqual(pass('routes/main'), [
      '[0].action.pass: the panel allows only applications/fred.example_<app>, not routes/...',
    ]);
    assert.deepEqual(pass('upstreams/pool'), [
      '[0].action.pass: the panel allows only applications/fred.example_<app>, not upstreams/...',
    ]);
    assert.deepEqual(pass('applications/$host'), [
      '[0].action.pass: variables are not allowed here: the panel must see which application it names; use applications/fred.example_<app>',
    ]);
    for (const bad of [
      'applications',
      'applications/',
      'applications/fred.example_a/',
      'applications/fred.example_a/b/c',
      'apps/fred.example_a',
    ]) {
      assert.deepEqual(pass(bad), [
        `[0].action.pass: "${bad}" is not a valid target; use applications/fred.example_<app>`,
      ]);
    }
    assert.deepEqual(pass(['applications/fred.example_app']), [
      '[0].action.pass: must be a string, not an array',
    ]);
  });

  it('online: only an application (or target) the panel offers', () => {
    assert.deepEqual(pass('applications/fred.example_app', online), []);
    assert.deepEqual(pass('applications/fred.example_api/admin', online), []);
    assert.deepEqual(pass('applications/fred.example_shop', online), [
      '[0].action.pass: application "fred.example_shop" does not exist on fred.example (it has: fred.example_app, fred.example_api, fred.example_api/admin)',
    ]);
    assert.deepEqual(pass('applications/fred.example_app/front', online), [
      '[0].action.pass: application "fred.example_app" has no target "front" the panel offers',
    ]);
    assert.deepEqual(pass('applications/fred.example_x', { ...offline, applications: [] }), [
      '[0].action.pass: application "fred.example_x" does not exist on fred.example (it has no applications)',
    ]);
  });

  it('reads the panel’s list whatever form its entries take', () => {
    const scope = {
      ...offline,
      applications: ['app', 'applications/fred.example_api', 'fredshop.example_store'],
    };
    assert.deepEqual(pass('applications/fred.example_app', scope), []);
    assert.deepEqual(pass('applications/fred.example_api', scope), []);
    assert.deepEqual(pass('applications/fred.example_store', scope).length, 1);
  });
});
