// --set key.path=value: parsing and applying, and the mistakes it refuses with exit 2.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UsageError } from '../../src/errors.js';
import { applySets, parseSet } from '../../src/unit/set-path.js';

const base = {
  type: 'external',
  arguments: ['a', 'b'],
  limits: { timeout: 30 },
  user: 'fred',
};

const apply = (...sets: string[]): Record<string, unknown> => applySets(base, sets.map(parseSet));

describe('--set', () => {
  it('takes JSON values when they parse, text otherwise', () => {
    assert.deepEqual(parseSet('processes=4').value, 4);
    assert.deepEqual(parseSet('a.b=true').value, true);
    assert.deepEqual(parseSet('a=["x",1]').value, ['x', 1]);
    assert.deepEqual(parseSet('a={"max":2}').value, { max: 2 });
    assert.equal(parseSet('a="3000"').value, '3000');
    assert.equal(parseSet('a=production').value, 'production');
    assert.equal(parseSet('a=').value, '');
    assert.equal(parseSet('a=x=y').value, 'x=y');
    assert.deepEqual(parseSet('environment.A\\.B=1').path, ['environment', 'A.B']);
  });

  it('sets nested keys, creating objects on the way, and leaves the original alone', () => {
    const changed = apply('limits.timeout=60', 'environment.NODE_ENV=staging', 'processes.max=8');
    assert.deepEqual(changed.limits, { timeout: 60 });
    assert.deepEqual(changed.environment, { NODE_ENV: 'staging' });
    assert.deepEqual(changed.processes, { max: 8 });
    assert.deepEqual(base.limits, { timeout: 30 });
  });

  it('indexes arrays with numbers, appends at the end, and null removes', () => {
    assert.deepEqual(apply('arguments.0=z').arguments, ['z', 'b']);
    assert.deepEqual(apply('arguments.2=c').arguments, ['a', 'b', 'c']);
    assert.deepEqual(apply('arguments.0=null').arguments, ['b']);
    assert.equal(apply('user=null').user, undefined);
    assert.ok(!('user' in apply('user=null')));
    assert.deepEqual(apply('nothing.here=null'), base);
  });

  it('refuses malformed assignments, naming --set and the rule', () => {
    const bad: [string, RegExp][] = [
      ['timeout', /--set "timeout": use --set key\.path=value/],
      ['=3', /use --set key\.path=value/],
      ['limits..timeout=3', /empty part/],
      ['arguments.x=1', /arguments is an array; index it with a number/],
      ['arguments.5=1', /has 2 items; index 5 is past the end/],
      ['arguments.2.x=1', /past the end/],
      ['user.name=x', /"user" holds "fred", not an object or array/],
    ];
    for (const [raw, message] of bad) {
      assert.throws(
        () => apply(raw),
        (e: unknown) => e instanceof UsageError && message.test(e.message),
        raw,
      );
    }
  });

  it('treats __proto__ and constructor as plain keys: nothing reaches Object.prototype', () => {
    const changed = apply('__proto__.polluted=1', 'constructor.prototype.x=2', 'env.__proto__=3');
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.deepEqual(Object.keys(Object.prototype), []);
    assert.equal(
      JSON.stringify(changed),
      JSON.stringify({
        ...base,
        ['__proto__']: { polluted: 1 },
        constructor: { prototype: { x: 2 } },
        env: { ['__proto__']: 3 },
      }),
    );
  });
});
