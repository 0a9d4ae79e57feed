// A step's `match`: every key Unit knows, the patterns each takes, and what Unit refuses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { patternProblem } from '../../src/unit/route-match.js';
import { matchProblems } from '../helpers/routes.js';

describe('match: keys', () => {
  it('knows exactly Unit’s match keys, with a guess for a typo', () => {
    assert.deepEqual(
      matchProblems({
        method: 'GET',
        scheme: 'http',
        host: 'fred.example',
        source: '127.0.0.1',
        destination: '*:80',
        uri: '/',
        query: 'a',
        arguments: {},
        headers: {},
        cookies: {},
        if: '$host',
      }),
      [],
    );
    assert.deepEqual(matchProblems({ uris: '/' }), [
      '[0].match.uris: unknown key for "match" (did you mean "uri"?)',
    ]);
    assert.deepEqual(matchProblems({ hots: 'x' }), [
      '[0].match.hots: unknown key for "match" (did you mean "host"?)',
    ]);
    assert.match(
      matchProblems({ referer: 'x' })[0] ?? '',
      /unknown key for "match"; allowed: "method", "scheme",.* or "if"$/,
    );
  });

  it('accepts an empty match, which matches everything', () => {
    assert.deepEqual(matchProblems({}), []);
  });
});

describe('match: string patterns (method, host, uri, query)', () => {
  it('takes a string or an array of strings', () => {
    assert.deepEqual(matchProblems({ method: ['GET', 'HEAD'], host: [] }), []);
    assert.deepEqual(matchProblems({ uri: 5 }), [
      '[0].match.uri: must be a string or an array of strings, not an integer',
    ]);
    assert.deepEqual(matchProblems({ method: { GET: true } }), [
      '[0].match.method: must be a string or an array of strings, not an object',
    ]);
    assert.deepEqual(matchProblems({ host: ['a', null, ['b']] }), [
      '[0].match.host[1]: must be a string, not null',
      '[0].match.host[2]: must be a string, not an array',
    ]);
  });

  it('allows wildcards and negation, never "**"', () => {
    assert.deepEqual(matchProblems({ uri: ['*', '/a/*', '*.php', '!/admin*', '', '!'] }), []);
    assert.deepEqual(matchProblems({ uri: '/a/**/b' }), [
      '[0].match.uri: pattern "/a/**/b" must not contain "**"',
    ]);
    assert.deepEqual(matchProblems({ host: '!**' }), [
      '[0].match.host: pattern "!**" must not contain "**"',
    ]);
  });

  it('compiles regular expressions, PCRE habits included', () => {
    assert.deepEqual(
      matchProblems({
        uri: ['~^/api/v[0-9]+/', '!~\\.php$', '~(?i)^/ADMIN', '~\\A/x\\z', '~(?>a+)b', '~a++b'],
      }),
      [],
    );
    assert.match(
      matchProblems({ uri: '~^/(unclosed' })[0] ?? '',
      /^\[0\]\.match\.uri: "\^\/\(unclosed" is not a valid regular expression: /,
    );
    assert.match(
      matchProblems({ host: ['ok', '!~[z-a]'] })[0] ?? '',
      /^\[0\]\.match\.host\[1\]: "\[z-a\]" is not a valid regular expression/,
    );
  });

  it('wants valid %-encoding in uri and query, not in method and host', () => {
    assert.deepEqual(matchProblems({ uri: '/a%20b', query: 'x=%2F' }), []);
    assert.deepEqual(matchProblems({ uri: '/100%' }), [
      '[0].match.uri: pattern "/100%" has a "%" that is not followed by two hexadecimal digits',
    ]);
    assert.deepEqual(matchProblems({ query: ['a=%zz'] }), [
      '[0].match.query[0]: pattern "a=%zz" has a "%" that is not followed by two hexadecimal digits',
    ]);
    assert.deepEqual(matchProblems({ host: '100%', method: '%' }), []);
  });

  it('patternProblem on its own', () => {
    assert.equal(patternProblem('', true), undefined);
    assert.equal(patternProblem('~', false), undefined);
    assert.equal(patternProblem('!~^a$', true), undefined);
    // An unknown letter escape: JavaScript would read it as the letter, PCRE2 refuses it, in
    // its own words and with its byte offset.
    assert.equal(
      patternProblem('~^\\i', false),
      '"^\\i" is not a valid regular expression: unrecognized character follows \\ (at byte 2)',
    );
    assert.equal(patternProblem('~^\\\\i\\d', false), undefined);
    assert.match(patternProblem('~^a%', true) ?? '', /two hexadecimal digits/);
    assert.match(patternProblem('~(', false) ?? '', /is not a valid regular expression/);
    // PCRE2-only forms that JavaScript refuses are accepted.
    assert.equal(patternProblem('~a(?i)b(?-i)c', false), undefined);
    assert.equal(patternProblem('~(?P<n>x)(?P=n)', false), undefined);
  });
});

describe('match: scheme', () => {
  it('is "http" or "https", any case, and only a string', () => {
    assert.deepEqual(matchProblems({ scheme: 'HTTP' }), []);
    assert.deepEqual(matchProblems({ scheme: 'ws' }), [
      '[0].match.scheme: must be "http" or "https"',
    ]);
    assert.deepEqual(matchProblems({ scheme: ['http'] }), [
      '[0].match.scheme: must be a string, not an array',
    ]);
  });
});

describe('match: source and destination', () => {
  it('takes addresses, ranges, CIDR blocks, ports and unix', () => {
    assert.deepEqual(
      matchProblems({
        source: [
          '192.168.1.1',
          '!192.168.1.0/24',
          '10.0.0.1-10.0.0.9',
          '10.0.0.0/8:80',
          '1.2.3.4:8000-8080',
          '*:443',
          'unix',
          '!unix',
          '::1',
          '2001:db8::/32',
          '2001:db8::1-2001:db8::9',
          '[::1]:80',
          '[2001:db8::/64]:1000-2000',
        ],
        destination: '0.0.0.0/0',
      }),
      [],
    );
  });

  it('refuses what Unit’s address parser refuses, naming the value', () => {
    const cases: [string, RegExp][] = [
      ['*', /"\*" is too short/],
      ['!1', /"!1" is too short/],
      ['fred.example', /"fred\.example" is not an IPv4 address/],
      ['300.1.1.1', /is not an IPv4 address/],
      ['10.0.0.9-10.0.0.1', /the range "10\.0\.0\.9-10\.0\.0\.1" ends before it starts/],
      ['10.0.0.0/33', /the CIDR prefix of "10\.0\.0\.0\/33" must be 0 to 32/],
      ['10.0.0.0/x', /CIDR prefix/],
      ['1.2.3.4:', /a port is missing/],
      ['1.2.3.4:70000', /the port "70000" must be a number from 0 to 65535/],
      ['255.255.255.255', /is not an IPv4 address/],
      ['::ffff:1.2.3.4', /no IPv4 part/],
      ['1.2.3.4:90-80', /the port range "90-80" ends before it starts/],
      ['*:http', /the port "http"/],
      ['[::1]', /must be followed by :<port>/],
      ['::1/129', /must be 0 to 128/],
      ['2001:db8::9-2001:db8::1', /ends before it starts/],
      ['fe80::1%eth0', /is not an IPv6 address/],
    ];
    for (const [address, rule] of cases) {
      const [problem] = matchProblems({ source: address });
      assert.match(problem ?? '', rule, address);
      assert.ok(problem?.startsWith('[0].match.source: '), problem);
    }
    assert.deepEqual(matchProblems({ destination: ['*:80', 5] }), [
      '[0].match.destination[1]: must be a string, not an integer',
    ]);
  });
});

describe('match: arguments, headers and cookies', () => {
  it('take an object of name → patterns, or an array of such objects', () => {
    assert.deepEqual(
      matchProblems({
        arguments: { a: '1', b: ['~x', '!y'] },
        headers: [{ Host: '*' }, { 'X-Y': ['a', 'b'] }],
        cookies: { c: '' },
      }),
      [],
    );
    assert.deepEqual(matchProblems({ headers: 'Host: x' }), [
      '[0].match.headers: must be an object or an array of objects, not a string',
    ]);
    assert.deepEqual(matchProblems({ cookies: [{ a: 'x' }, 'b'] }), [
      '[0].match.cookies[1]: must be an object of name → pattern, not a string',
    ]);
    assert.deepEqual(matchProblems({ headers: { '': 'x' } }), [
      '[0].match.headers: names must not be empty',
    ]);
    assert.deepEqual(matchProblems({ headers: { Accept: 1, X: 'a**' } }), [
      '[0].match.headers.Accept: must be a string or an array of strings, not an integer',
      '[0].match.headers.X: pattern "a**" must not contain "**"',
    ]);
  });

  it('want valid %-encoding in argument names and values only', () => {
    assert.deepEqual(matchProblems({ arguments: { 'a%2': 'x' } }), [
      '[0].match.arguments["a%2"]: has a "%" that is not followed by two hexadecimal digits',
    ]);
    assert.deepEqual(matchProblems({ arguments: [{ a: '%' }] }), [
      '[0].match.arguments[0].a: pattern "%" has a "%" that is not followed by two hexadecimal digits',
    ]);
    assert.deepEqual(matchProblems({ headers: { 'X%': '%' } }), []);
  });
});

describe('match: if', () => {
  it('is a string, optionally negated, with variables Unit knows', () => {
    assert.deepEqual(matchProblems({ if: '$arg_debug' }), []);
    assert.deepEqual(matchProblems({ if: '!${cookie_x}' }), []);
    assert.deepEqual(matchProblems({ if: '' }), []);
    assert.deepEqual(matchProblems({ if: true }), [
      '[0].match.if: must be a string, not a boolean',
    ]);
    assert.deepEqual(matchProblems({ if: '$nope' }), ['[0].match.if: unknown variable "$nope"']);
    assert.deepEqual(matchProblems({ if: '`${host}`' }), [
      '[0].match.if: JavaScript templates (`...`) need Unit built with njs, which the panel does not promise; use $variables',
    ]);
  });
});
