// Properties of `--set key.path=value`: any text and any definition end in a new definition or a
// dactl error, the original is never touched, and a value set is the value read back.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applySets, parseSet, type Assignment } from '../../src/unit/set-path.js';
import { awkwardText, dactlErrorOrValue, fc } from '../helpers/property.js';

// One key of a path: anything but "=" (which ends the path) and "\" (the escape).
const part = fc.oneof(
  awkwardText(8).filter((p) => p !== '' && !/[=\\]/.test(p)),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '0', '12'),
);
const path = fc.array(part, { minLength: 1, maxLength: 4 });
const written = (parts: string[]): string => parts.map((p) => p.replace(/\./g, '\\.')).join('.');
// Definitions come from JSON.parse: plain objects, where `__proto__` may be an own key.
const definition = fc
  .dictionary(fc.oneof(fc.string({ maxLength: 6 }), part), fc.jsonValue({ maxDepth: 3 }), {
    noNullPrototype: true,
  })
  .map((d) => JSON.parse(JSON.stringify(d)) as Record<string, unknown>);
const polluted = (): string[] => Object.keys(Object.prototype);

/** The value at `parts`, own properties only. */
function read(root: unknown, parts: string[]): unknown {
  let node = root;
  for (const p of parts) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, p)) return undefined;
    node = (node as Record<string, unknown>)[p];
  }
  return node;
}

describe('property: --set', () => {
  it('parseSet takes any text: an assignment or a dactl error', () => {
    fc.assert(fc.property(awkwardText(60), (raw) => void dactlErrorOrValue(() => parseSet(raw))));
  });

  it('reads back the path as written (dots escaped) and the value as JSON', () => {
    fc.assert(
      fc.property(path, fc.jsonValue(), (parts, value) => {
        const set = parseSet(`${written(parts)}=${JSON.stringify(value)}`);
        assert.deepEqual(set.path, parts);
        assert.deepEqual(set.value, JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('a value set on an empty definition is the value read back, and nothing else changes', () => {
    fc.assert(
      fc.property(path, fc.jsonValue(), (parts, value) => {
        fc.pre(value !== null);
        const text = JSON.stringify(value);
        const changed = applySets({}, [parseSet(`${written(parts)}=${text}`)]);
        assert.deepEqual(read(changed, parts), JSON.parse(text));
        assert.deepEqual(polluted(), []);
      }),
    );
  });

  it('null removes the key it names', () => {
    fc.assert(
      fc.property(definition, path, (def, parts) => {
        const changed = dactlErrorOrValue(() =>
          applySets(def, [parseSet(`${written(parts)}=null`)]),
        );
        if (!(changed instanceof Error)) {
          const parent = read(changed, parts.slice(0, -1));
          if (!Array.isArray(parent)) assert.equal(read(changed, parts), undefined);
        }
      }),
    );
  });

  it('applySets takes any definition and any --set: a copy or a dactl error, the original kept', () => {
    const raw = fc.oneof(
      awkwardText(30),
      fc.tuple(path, fc.json()).map(([parts, json]) => `${written(parts)}=${json}`),
    );
    fc.assert(
      fc.property(definition, fc.array(raw, { maxLength: 4 }), (def, sets) => {
        const before = structuredClone(def);
        const assignments = sets.map((s) => dactlErrorOrValue(() => parseSet(s)));
        dactlErrorOrValue(() =>
          applySets(
            def,
            assignments.filter((a): a is Assignment => !(a instanceof Error)),
          ),
        );
        assert.deepEqual(def, before);
        assert.deepEqual(polluted(), []);
      }),
    );
  });
});
