import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decodeEntities,
  decodeReply,
  decodeUrlEncoded,
  type RawReply,
  type Tier,
} from '../../src/http/decode.js';
import { AuthError, NetworkError, NotFoundError, PanelError } from '../../src/errors.js';

const reply = (status: number, body: string, headers: RawReply['headers'] = {}): RawReply => ({
  status,
  body,
  headers: { 'content-type': 'application/json', ...headers },
});
const decode = (r: RawReply, tier: Tier = 'legacy'): unknown =>
  decodeReply(r, { tier, who: 'profile "t"', url: 'http://panel:2222' });

describe('decodeUrlEncoded', () => {
  it('turns list[] into an array and pairs into an object', () => {
    assert.deepEqual(decodeUrlEncoded('list[]=a&list[]=b'), ['a', 'b']);
    assert.deepEqual(decodeUrlEncoded('error=0&text=Done&details=x'), {
      error: '0',
      text: 'Done',
      details: 'x',
    });
    assert.deepEqual(decodeUrlEncoded('n=1&list[]=a'), { n: '1', list: ['a'] });
  });
  it('decodes HTML numeric entities after URL-decoding', () => {
    assert.deepEqual(decodeUrlEncoded('details=a%26%2360%3Bb%26%23x3e%3B'), { details: 'a<b>' });
    assert.equal(decodeEntities('it&#39;s'), "it's");
  });
  it('turns an entity that names no character into U+FFFD instead of failing', () => {
    for (const entity of ['&#1114112;', '&#xFFFFFFFF;', '&#0;', '&#55296;', '&#xDFFF;']) {
      assert.equal(decodeEntities(`a${entity}b`), 'a\uFFFDb', entity);
    }
    assert.equal(decodeEntities(`&#${'9'.repeat(400)};`), '\uFFFD');
    assert.equal(decodeEntities('&#1114111;&#X41;'), '\u{10FFFF}A');
    assert.deepEqual(decodeUrlEncoded('details=%26%231114112%3B'), { details: '\uFFFD' });
  });
  it('decodes list[] keys like plain keys, percent- or entity-encoded', () => {
    assert.deepEqual(decodeUrlEncoded('list%5B%5D=a&list[]=b'), ['a', 'b']);
    assert.deepEqual(decodeUrlEncoded('list%26%2391%3B%26%2393%3B=a&n=1'), { list: ['a'], n: '1' });
    assert.deepEqual(decodeUrlEncoded('na%26%2360%3Bme=x'), { 'na<me': 'x' });
  });
  it('keeps a key named __proto__ as a plain key', () => {
    const decoded = decodeUrlEncoded('__proto__[]=x&a=1') as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(decoded), Object.prototype);
    assert.deepEqual(Object.keys(decoded), ['__proto__', 'a']);
  });
  it('decodes raw entities too, without letting their & split the pairs', () => {
    assert.deepEqual(decodeUrlEncoded('name=Fred O&#39;Brien&email=fred&#64;x&#45;y.example'), {
      name: "Fred O'Brien",
      email: 'fred@x-y.example',
    });
    // A raw &#61; (=) or &#43; (+) stays an entity until the value is parsed, then decodes.
    assert.deepEqual(decodeUrlEncoded('a=1&#61;1&b=x&#43;y'), { a: '1=1', b: 'x+y' });
  });
  it('decodes each raw entity once, hex ones too, as it does percent-encoded ones', () => {
    // The text `&#39;` in a value, its `#` sent as an entity: it stays text, not an apostrophe.
    assert.deepEqual(decodeUrlEncoded('a=%26&#35;39%3B&b=%26%26%2335%3B39%3B'), {
      a: '&#39;',
      b: '&#39;',
    });
    assert.deepEqual(decodeUrlEncoded('name=O&#x27;Brien&n=1'), { name: "O'Brien", n: '1' });
  });
});

describe('decodeReply', () => {
  it('returns legacy JSON and URL-encoded success data', () => {
    assert.deepEqual(decode(reply(200, '{"success":"Login OK","result":""}')), {
      success: 'Login OK',
      result: '',
    });
    assert.deepEqual(decode(reply(200, 'list[]=fred', { 'content-type': 'text/plain' })), ['fred']);
    assert.deepEqual(decode(reply(200, '["a","b"]')), ['a', 'b']);
  });

  it('treats a legacy error as failure with the panel’s words, whatever the status', () => {
    for (const status of [200, 400, 409]) {
      assert.throws(
        () =>
          decode(
            reply(
              status,
              '{"error":"Cannot Create Account","result":"That username already exists"}',
            ),
          ),
        (e: unknown) =>
          e instanceof PanelError &&
          e.message === 'Cannot Create Account: That username already exists',
      );
    }
    assert.throws(
      () =>
        decode(
          reply(200, 'error=1&text=Error&details=Bad%20%26%2360%3Bname%26%2362%3B', {
            'content-type': 'text/plain',
          }),
        ),
      (e: unknown) => e instanceof PanelError && e.message === 'Error: Bad <name>',
    );
  });

  it('maps new-API errors by status and type', () => {
    assert.throws(
      () => decode(reply(490, '{"type":"WORDPRESS_ALREADY_INSTALLED"}'), 'new'),
      (e: unknown) =>
        e instanceof PanelError && e.type === 'WORDPRESS_ALREADY_INSTALLED' && e.status === 490,
    );
    assert.throws(() => decode(reply(404, '{"type":"NOT_FOUND"}'), 'new'), NotFoundError);
    assert.throws(
      () => decode(reply(403, '{"type":"ACCESS_DENIED","message":"no"}'), 'new'),
      AuthError,
    );
    assert.throws(() => decode(reply(500, '{"type":"INTERNAL_ERROR"}'), 'new'), NetworkError);
    assert.throws(
      () => decode(reply(400, '{"type":"BAD_REQUEST","message":"filePath is required"}'), 'new'),
      /filePath is required/,
    );
  });

  it('detects bad credentials in every shape', () => {
    assert.throws(() => decode(reply(401, '')), AuthError);
    assert.throws(() => decode(reply(200, '{}', { 'x-directadmin': 'Unauthorized' })), AuthError);
    const page =
      '<html><head><title>DirectAdmin Login</title></head><body><form></form></body></html>';
    assert.throws(() => decode(reply(200, page, { 'content-type': 'text/html' })), AuthError);
    assert.throws(() => decode(reply(200, page, { 'content-type': 'text/plain' })), AuthError);
    // A legacy call answered with exactly `text/html` is the login page, whatever the body.
    assert.throws(() => decode(reply(200, '<p>x</p>', { 'content-type': 'text/html' })), AuthError);
  });

  it('never parses other HTML as data', () => {
    const html = { 'content-type': 'text/html; charset=utf-8' };
    assert.throws(
      () => decode(reply(200, '<html><title>Welcome</title></html>', html)),
      (e: unknown) => e instanceof PanelError && /web page \("Welcome"\)/.test(e.message),
    );
  });

  it('maps garbage to exit 5 and an empty 5xx to exit 6', () => {
    assert.throws(
      () => decode(reply(200, '{not json'), 'new'),
      (e: unknown) => e instanceof PanelError && e.exitCode === 5,
    );
    assert.throws(() => decode(reply(502, ''), 'new'), NetworkError);
  });

  it('turns a redirect and X-Use-HTTPS into an https hint', () => {
    assert.throws(
      () => decode(reply(302, '', { location: '/CMD_LOGIN' })),
      (e: unknown) => e instanceof NetworkError && e.hint?.includes('https://panel:2222') === true,
    );
    assert.throws(
      () => decode(reply(200, '', { 'x-use-https': 'yes' })),
      (e: unknown) => e instanceof NetworkError && e.hint?.includes('https://panel:2222') === true,
    );
  });
});
