// parseJson, the one way dactl reads JSON: any depth of text gets an answer without recursing,
// nesting past the limit is refused before JSON.parse, a syntax error keeps Node's words.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { deeperThan, MAX_DEPTH, MAX_SEND_DEPTH, parseJson } from '../../src/json/parse.js';

const objects = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const arrays = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describe('parseJson', () => {
  it('reads JSON up to MAX_DEPTH levels, and refuses one more where it opens', () => {
    for (const text of [objects(MAX_DEPTH), arrays(MAX_DEPTH), '[{"a":[]}]', ' 1 ', 'null']) {
      const parsed = parseJson(text);
      assert.ok(parsed.ok, text.slice(0, 20));
      assert.deepEqual(parsed.value, JSON.parse(text));
    }
    for (const [text, at] of [
      [objects(MAX_DEPTH + 1), 5 * MAX_DEPTH],
      [arrays(100_000), MAX_DEPTH],
      [`[${arrays(MAX_DEPTH)},1]`, MAX_DEPTH],
    ] as const) {
      const parsed = parseJson(text);
      assert.ok(!parsed.ok);
      assert.deepEqual(parsed.error, {
        offset: at,
        reason: 'the JSON is nested more than 256 levels deep, the most dactl reads',
        message: 'the JSON is nested more than 256 levels deep, the most dactl reads',
        tooDeep: true,
      });
    }
  });

  it('takes a lower limit: what dactl sends', () => {
    assert.ok(parseJson(arrays(MAX_SEND_DEPTH), { maxDepth: MAX_SEND_DEPTH }).ok);
    const parsed = parseJson(arrays(MAX_SEND_DEPTH + 1), { maxDepth: MAX_SEND_DEPTH });
    assert.match(parsed.ok ? '' : parsed.error.message, /more than 240 levels/);
  });

  it("a syntax error keeps Node's words and gets the scanner's offset", () => {
    const parsed = parseJson('{"a": 1,}');
    assert.ok(!parsed.ok);
    assert.equal(parsed.error.offset, 8);
    assert.equal(parsed.error.reason, undefined);
    assert.match(parsed.error.message, /property name|Unexpected token/);
  });

  it("without Unit's rules, takes what JSON.parse takes: duplicates, lone surrogates", () => {
    const parsed = parseJson('{"a": 1, "a": "\\ud800"}');
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value, { a: '\ud800' });
    assert.ok(!parseJson('{"a": 1, "a": 2}', { unit: true }).ok);
  });
});

describe('deeperThan', () => {
  const build = (depth: number): unknown => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
    return value;
  };

  it('measures data as the scanner measures text, without recursing', () => {
    assert.equal(deeperThan(build(MAX_DEPTH), MAX_DEPTH), false);
    assert.equal(deeperThan(build(MAX_DEPTH + 1), MAX_DEPTH), true);
    assert.equal(deeperThan(build(100_000), MAX_DEPTH), true);
    assert.equal(deeperThan('text', 0), false);
    assert.equal(deeperThan([], 0), true);
    assert.equal(deeperThan({ a: [1, { b: null }], c: 'x' }, 3), false);
  });
});

describe('one way in', () => {
  it('no JSON.parse in src/ but parseJson’s, the scanner’s, and --query’s copy of its own data', () => {
    const src = fileURLToPath(new URL('../../src/', import.meta.url));
    const found = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts'))
      .filter((file) =>
        readFileSync(join(src, file), 'utf8')
          .split('\n')
          .some((line) => /^\s*[^/\s*].*\bJSON\.parse\(/.test(line)),
      );
    assert.deepEqual(found.sort(), ['json/parse.ts', 'json/scan.ts', 'output/query.ts']);
  });
});
