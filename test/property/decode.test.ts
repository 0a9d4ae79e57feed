// Properties of the panel-reply decoders: any status, headers and body end in data or a dactl
// error, and what the sandbox encodes (as the panel does) decodes back to what it started from.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decodeEntities,
  decodeReply,
  decodeUrlEncoded,
  type RawReply,
  type Tier,
} from '../../src/http/decode.js';
import { encodeFields, escapeEntities } from '../../src/sandbox/urlencoded.js';
import { awkwardText, dactlErrorOrValue, fc } from '../helpers/property.js';
import { decodeForm } from '../sandbox/http.js';

// Key names as the panel writes them, plus the ones that are special to JavaScript objects.
const keyName = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_.-]{0,11}$/),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'value', 'details'),
);
// 'list' alone is the panel's bare list, and error/text/type say failure: tested on their own.
const plainKey = keyName.filter((k) => !['list', 'error', 'text', 'type'].includes(k));
const value = awkwardText();

/** Each name once: a value, or a list sent as name[]=…; returns the pairs and the decoded form. */
const fieldsAndData = fc
  .uniqueArray(
    fc.tuple(plainKey, fc.oneof(value, fc.array(value, { minLength: 1, maxLength: 4 }))),
    { selector: ([k]) => k, minLength: 1, maxLength: 8 },
  )
  .map((entries) => ({
    pairs: entries.flatMap(([k, v]): [string, string][] =>
      Array.isArray(v) ? v.map((item): [string, string] => [`${k}[]`, item]) : [[k, v]],
    ),
    data: Object.fromEntries(entries),
  }));

const ctx = (tier: Tier) => ({ tier, who: 'profile "p" (fred)', url: 'https://panel:2222' });

describe('property: URL-encoded replies', () => {
  it('decode what the panel encodes: values, lists and awkward key names come back as sent', () => {
    fc.assert(
      fc.property(fieldsAndData, ({ pairs, data }) => {
        assert.deepEqual(decodeUrlEncoded(encodeFields(pairs)), data);
      }),
    );
  });

  it('read as sent by the recipe clients follow too (entities over the whole body, then parse)', () => {
    fc.assert(
      fc.property(fieldsAndData, ({ pairs }) => {
        assert.deepEqual(decodeForm(encodeFields(pairs)), pairs);
      }),
    );
  });

  it('a reply that is only list[] is the list itself', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 6 }), (items) => {
        const body = encodeFields(items.map((item): [string, string] => ['list[]', item]));
        assert.deepEqual(decodeUrlEncoded(body), items);
      }),
    );
  });

  it('take any text without throwing, and give strings or lists of strings', () => {
    fc.assert(
      fc.property(awkwardText(80), (text) => {
        const data = decodeUrlEncoded(text);
        const values = Array.isArray(data) ? data : Object.values(data as object);
        for (const v of values) {
          const items: unknown[] = Array.isArray(v) ? v : [v];
          assert.ok(items.every((item) => typeof item === 'string'));
        }
      }),
    );
  });
});

describe('property: HTML entities', () => {
  it('undo escapeEntities exactly, whatever entities the text already had', () => {
    fc.assert(fc.property(awkwardText(), (text) => decodeEntities(escapeEntities(text)) === text));
  });

  it('decode every character named in decimal or hex to itself', () => {
    const named = fc.integer({ min: 1, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff);
    fc.assert(
      fc.property(named, fc.boolean(), (code, hex) => {
        const entity = hex ? `&#x${code.toString(16)};` : `&#${code};`;
        assert.equal(decodeEntities(entity), String.fromCodePoint(code));
      }),
    );
  });

  it('turn a number that names no character into U+FFFD, however long', () => {
    const digits = fc.oneof(
      fc.bigInt({ min: 0x110000n, max: 10n ** 400n }).map((n) => `${n}`),
      fc.integer({ min: 0xd800, max: 0xdfff }).map((n) => `${n}`),
      fc.constantFrom('0', '00', '0000000'),
    );
    fc.assert(fc.property(digits, (d) => decodeEntities(`a&#${d};b`) === 'a\uFFFDb'));
  });

  it('leave text without "&#" as it is', () => {
    fc.assert(
      fc.property(
        awkwardText().filter((t) => !t.includes('&#')),
        (text) => decodeEntities(text) === text,
      ),
    );
  });
});

const tiers = fc.constantFrom<Tier>('new', 'legacy', 'discovered');
const anyReply: fc.Arbitrary<RawReply> = fc.record({
  status: fc.oneof(fc.constantFrom(0, 200, 204, 301, 400, 401, 403, 404, 500, 503), fc.nat(999)),
  headers: fc.record(
    {
      'content-type': fc.oneof(
        fc.constantFrom('application/json', 'text/html; charset=utf-8', 'text/plain', ''),
        awkwardText(20),
        fc.array(awkwardText(10), { maxLength: 2 }),
      ),
      'x-directadmin': fc.constantFrom('unauthorized', 'UNAUTHORIZED', 'ok', ''),
      'x-use-https': fc.constantFrom('yes', 'no'),
      location: awkwardText(20),
    },
    { requiredKeys: [] },
  ),
  body: fc.oneof(
    awkwardText(120),
    fc.json(),
    fieldsAndData.map(({ pairs }) => encodeFields(pairs)),
    fc.constantFrom(
      '<!doctype html><title>Login</title>',
      '<html><title>x</title><input type="password">',
      'error=1&text=No&details=Why',
      '{"type":"NOT_FOUND","message":"gone"}',
      '{"error":"yes","result":"bad"}',
      '{"error":1}',
      '[]',
      'null',
    ),
  ),
});

describe('property: decodeReply', () => {
  it('turns any status, headers and body into data or a dactl error', () => {
    fc.assert(
      fc.property(anyReply, tiers, (reply, tier) => {
        dactlErrorOrValue(() => decodeReply(reply, ctx(tier)));
      }),
    );
  });

  // A legacy body is JSON when it starts like an object, array or string; else it is form data.
  it('hands a JSON success body over unchanged, on every tier', () => {
    const saysFailure = (v: unknown): boolean =>
      typeof v === 'object' && v !== null && !Array.isArray(v) && ('error' in v || 'type' in v);
    fc.assert(
      fc.property(
        fc.jsonValue().filter((v) => !saysFailure(v)),
        tiers,
        fc.constantFrom(200, 201, 204),
        (data, tier, status) => {
          fc.pre(
            tier !== 'legacy' ||
              (typeof data === 'object' && data !== null) ||
              typeof data === 'string',
          );
          const body = JSON.stringify(data);
          const reply = { status, headers: { 'content-type': 'application/json' }, body };
          assert.deepEqual(decodeReply(reply, ctx(tier)), JSON.parse(body));
        },
      ),
    );
  });

  it('decodes a legacy URL-encoded success body as decodeUrlEncoded does', () => {
    fc.assert(
      fc.property(fieldsAndData, ({ pairs, data }) => {
        const reply = {
          status: 200,
          headers: { 'content-type': 'text/plain' },
          body: encodeFields(pairs),
        };
        assert.deepEqual(decodeReply(reply, ctx('legacy')), data);
      }),
    );
  });
});
