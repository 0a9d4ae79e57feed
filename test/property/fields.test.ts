// Properties of `dactl api -f/-F key=value`: any text ends in a field or a dactl error, and what
// a field says reaches the wire as given.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  parseField,
  toJsonObject,
  toParams,
  typedValue,
  type Field,
} from '../../src/http/fields.js';
import { awkwardText, dactlErrorOrValue, fc } from '../helpers/property.js';

const flag = fc.constantFrom('-f', '-F');
// Any key -f can carry: no "=", not empty; the object-special names turn up often.
const key = fc.oneof(
  awkwardText(12).filter((k) => k !== '' && !k.includes('=')),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'prototype', 'valueOf'),
);
const plainKey = key.filter((k) => !/[[\]]/.test(k));
const fieldValue: fc.Arbitrary<Field['value']> = fc.oneof(
  awkwardText(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

describe('property: -f/-F fields', () => {
  it('parseField takes any text: a field or a dactl error', () => {
    fc.assert(
      fc.property(flag, awkwardText(60), (f, text) => {
        dactlErrorOrValue(() => parseField(f, text, f === '-F'));
      }),
    );
  });

  it('-f key=value gives the key and the text back, and toParams sends them as typed', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(key, awkwardText()), { selector: ([k]) => k, maxLength: 6 }),
        (pairs) => {
          const fields = pairs.map(([k, v]) => parseField('-f', `${k}=${v}`, false) as Field);
          assert.deepEqual(
            fields.map((f) => [f.key, f.value]),
            pairs,
          );
          assert.deepEqual(Object.entries(toParams(fields)), pairs);
        },
      ),
    );
  });

  it('-F turns a number back into the same number, and JSON keeps it', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true }), fc.maxSafeInteger()), (n) => {
        // An integer beyond 2^53 stays text by design (it would lose digits).
        fc.pre(Number.isFinite(n) && (Number.isSafeInteger(n) || !/^-?\d+$/.test(String(n))));
        const value = typedValue(String(n));
        assert.equal(value, Object.is(n, -0) ? 0 : n);
        assert.equal(JSON.parse(JSON.stringify(value)), value);
      }),
    );
  });

  it('-F gives text, a finite number that JSON carries as written, true, false or null', () => {
    const numberish = fc.stringMatching(/^-?\d{1,30}(\.\d{1,20})?([eE][+-]?\d{1,4})?$/);
    fc.assert(
      fc.property(fc.oneof(awkwardText(), numberish), (raw) => {
        const value = typedValue(raw);
        if (typeof value === 'number') {
          assert.ok(Number.isFinite(value), `${raw} became ${value}, which JSON sends as null`);
          assert.equal(value, Number(raw));
        } else if (typeof value === 'string') {
          assert.equal(value, raw);
        } else {
          assert.equal(String(value), raw);
        }
      }),
    );
  });

  it('toJsonObject keeps every plain key given once, with its value', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(plainKey, fieldValue), { selector: ([k]) => k, maxLength: 6 }),
        flag,
        (pairs, f) => {
          const body = toJsonObject(pairs.map(([k, value]) => ({ flag: f, key: k, value })));
          assert.deepEqual(
            JSON.parse(JSON.stringify(body)),
            JSON.parse(JSON.stringify(Object.fromEntries(pairs))),
          );
          assert.deepEqual(
            Object.keys(body),
            pairs.map(([k]) => k),
          );
        },
      ),
    );
  });

  it('toJsonObject and toParams take any keys: a body or a dactl error', () => {
    const anyKey = fc.oneof(
      key,
      fc.stringMatching(/^[a-z_]{1,3}(\[[a-z_]{0,3}\]){0,3}$/),
      fc.constantFrom('__proto__[x]', 'a[__proto__]', 'constructor[prototype][x]', 'a[]', '[]'),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(anyKey, fieldValue), { maxLength: 8 }), flag, (pairs, f) => {
        const fields = pairs.map(([k, value]) => ({ flag: f, key: k, value }));
        dactlErrorOrValue(() => toJsonObject(fields));
        dactlErrorOrValue(() => toParams(fields));
        assert.equal(({} as Record<string, unknown>).x, undefined);
      }),
    );
  });

  it('nested keys a[b][c]=v put v at a.b.c', () => {
    const name = fc.stringMatching(/^[a-z_]{1,4}$/);
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 4 }), fieldValue, (names, value) => {
        const [first = '', ...rest] = names;
        const k = first + rest.map((n) => `[${n}]`).join('');
        let node: unknown = toJsonObject([{ flag: '-F', key: k, value }]);
        for (const n of names) node = (node as Record<string, unknown>)[n];
        assert.equal(node, value);
      }),
    );
  });
});
