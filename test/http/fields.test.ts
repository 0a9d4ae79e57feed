import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UsageError } from '../../src/errors.js';
import {
  parseField,
  resolveFields,
  stdinFields,
  toJsonObject,
  toParams,
  typedValue,
  type Field,
} from '../../src/http/fields.js';

const f = (key: string, value: Field['value'], flag = '-f'): Field => ({ flag, key, value });

describe('parseField', () => {
  it('splits at the first "=": -f keeps the value a string, whatever it looks like', () => {
    assert.deepEqual(parseField('-f', 'a=b=c', false), { flag: '-f', key: 'a', value: 'b=c' });
    assert.deepEqual(parseField('-f', 'n=12', false).value, '12');
    assert.deepEqual(parseField('-f', 'file=@x', false).value, '@x');
    assert.deepEqual(parseField('-f', 'empty=', false).value, '');
  });

  it('-F converts numbers, booleans and null, and turns @file into a file to read', () => {
    assert.equal(parseField('-F', 'n=12', true).value, 12);
    assert.equal(parseField('-F', 'ok=false', true).value, false);
    assert.equal(parseField('-F', 'x=null', true).value, null);
    assert.deepEqual(parseField('-F', 'body=@notes.txt', true).value, { file: 'notes.txt' });
    assert.deepEqual(parseField('-F', 'body=@-', true).value, { file: '-' });
  });

  it('refuses a missing "=", an empty key and a bare @, naming the flag (exit 2)', () => {
    for (const [flag, text] of [
      ['-f', 'novalue'],
      ['-F', '=x'],
      ['-F', 'a=@'],
    ] as const) {
      assert.throws(
        () => parseField(flag, text, flag === '-F'),
        (e: unknown) => e instanceof UsageError && e.exitCode === 2 && e.message.startsWith(flag),
      );
    }
  });
});

describe('typedValue', () => {
  it('follows JSON number grammar, so zip codes and versions stay strings', () => {
    assert.equal(typedValue('-3.5e2'), -350);
    assert.equal(typedValue('0'), 0);
    assert.equal(typedValue('007'), '007');
    assert.equal(typedValue('1.2.3'), '1.2.3');
    assert.equal(typedValue('1e'), '1e');
    assert.equal(typedValue('True'), 'True');
  });
  it('keeps integers beyond 2^53 as strings rather than losing digits', () => {
    assert.equal(typedValue('12345678901234567890'), '12345678901234567890');
    assert.equal(typedValue('9007199254740991'), 9007199254740991);
  });
  it("keeps a number beyond a double's range as a string, not Infinity (which JSON sends as null)", () => {
    assert.equal(typedValue('6E308'), '6E308');
    assert.equal(typedValue('-1e400'), '-1e400');
    assert.deepEqual(
      JSON.parse(JSON.stringify(toJsonObject([f('n', typedValue('1e400'), '-F')]))),
      {
        n: '1e400',
      },
    );
  });
});

describe('resolveFields and stdinFields', () => {
  it('reads @file values through the reader, keeping the order', async () => {
    const specs = [parseField('-F', 'a=@one', true), parseField('-f', 'b=2', false)];
    const read = async (file: string): Promise<string> => `<${file}>`;
    assert.deepEqual(await resolveFields(specs, read), [f('a', '<one>', '-F'), f('b', '2')]);
  });
  it('counts the fields that read stdin', () => {
    const specs = [parseField('-F', 'a=@-', true), parseField('-F', 'b=@-', true)];
    assert.equal(stdinFields(specs), 2);
    assert.equal(stdinFields([parseField('-F', 'a=@x', true)]), 0);
  });
});

describe('toParams', () => {
  it('gives flat text parameters, keys verbatim', () => {
    assert.deepEqual(toParams([f('select0', 'a'), f('n', 3), f('ok', true), f('x', null)]), {
      select0: 'a',
      n: '3',
      ok: 'true',
      x: '',
    });
  });
  it('refuses a key given twice', () => {
    assert.throws(() => toParams([f('a', '1'), f('a', '2')]), /"a": the key is given twice/);
  });
  it('sends a key named __proto__ like any other, once', () => {
    assert.equal(new URLSearchParams(toParams([f('__proto__', 'x')])).toString(), '__proto__=x');
    assert.throws(() => toParams([f('__proto__', '1'), f('__proto__', '2')]), /given twice/);
  });
});

describe('toJsonObject', () => {
  it('keeps typed values and nests a[b][c] keys', () => {
    assert.deepEqual(
      toJsonObject([f('n', 1), f('site[title]', 'Blog'), f('site[admin][name]', 'fred')]),
      { n: 1, site: { title: 'Blog', admin: { name: 'fred' } } },
    );
  });
  it('appends to arrays with a trailing []', () => {
    assert.deepEqual(toJsonObject([f('tags[]', 'a'), f('tags[]', 2), f('o[ids][]', 7)]), {
      tags: ['a', 2],
      o: { ids: [7] },
    });
  });
  it('takes keys that are not bracket paths whole', () => {
    assert.deepEqual(toJsonObject([f('a[b', 1), f('[x]', 2)]), { 'a[b': 1, '[x]': 2 });
  });
  it('refuses duplicates, clashes and [] in the middle of a key', () => {
    assert.throws(() => toJsonObject([f('a', 1), f('a', 2)]), /given twice/);
    assert.throws(() => toJsonObject([f('a', 1), f('a[b]', 2)]), /conflicts/);
    assert.throws(() => toJsonObject([f('a[b]', 1), f('a', 2)]), /conflicts/);
    assert.throws(() => toJsonObject([f('a', 1), f('a[]', 2)]), /conflicts/);
    assert.throws(() => toJsonObject([f('a[][b]', 1)]), /may only end a key/);
  });
  it('keeps keys named __proto__ in the body instead of setting the prototype', () => {
    const body = toJsonObject([
      f('__proto__', null),
      f('o[__proto__][x]', 1),
      f('l[__proto__][]', 2),
    ]);
    assert.equal(
      JSON.stringify(body),
      '{"__proto__":null,"o":{"__proto__":{"x":1}},"l":{"__proto__":[2]}}',
    );
    assert.equal(Object.getPrototypeOf(body), Object.prototype);
  });
});
