// Where a JSON text goes wrong, whichever way Node words its parse error; what Unit's reader
// refuses besides; and the depth limit, which nothing deeper gets past without a crash.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_SEND_DEPTH, syntaxErrorAt } from '../../src/json/parse.js';
import { scanJson as scan } from '../../src/json/scan.js';
import { jsonErrorDetail } from '../../src/unit/json-text.js';

/** As Unit documents are scanned: Unit's rules, and no deeper than dactl sends. */
const MAX_DEPTH = MAX_SEND_DEPTH;
const scanJson = (text: string) => scan(text, { maxDepth: MAX_DEPTH, unit: true });

describe('syntaxErrorAt', () => {
  it('finds nothing wrong in valid JSON', () => {
    for (const text of [
      '[]',
      ' {"a": [1, -2.5e+3, true, false, null, "x\\u00e9\\n"]} ',
      '0',
      '"s"',
    ])
      assert.equal(syntaxErrorAt(text), undefined, text);
  });

  it('stops where JSON.parse stops', () => {
    const cases: [string, number][] = [
      ['{\n  "a": 1,\n}', 12],
      ['{"a" 1}', 5],
      ['{"a": 1', 7],
      ['[1, 2', 5],
      ['{"a": tru}', 9],
      ['"abc', 4],
      ['[1,]', 3],
      ['{"a":"x\ny"}', 7],
      ['', 0],
      ['   ', 3],
      ['{} x', 3],
      ['[01]', 2],
      ['{"a":-}', 6],
      ['{"a": "\\q"}', 8],
      ['{a: 1}', 1],
      ['[1 2]', 3],
      ['[NaN]', 1],
      ['"\\u12G4"', 5],
      ['[1.]', 3],
      ['[1e]', 3],
      // Where the old guess (the first stray character) was wrong: the inner "}" is fine.
      ['{"a": {"b": 1}, "c": nul}', 24],
    ];
    for (const [text, at] of cases) {
      assert.equal(syntaxErrorAt(text), at, JSON.stringify(text));
      // Where Node says a position, it agrees.
      try {
        JSON.parse(text);
        assert.fail(`${JSON.stringify(text)} parsed`);
      } catch (error) {
        const said = /at position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
        if (said !== undefined) assert.equal(Number(said), at, JSON.stringify(text));
      }
    }
  });
});

describe('jsonErrorDetail', () => {
  const text = '[\n  {"action": {"pass": "x"},}\n]';
  it('gives the same place and words for Node 20 and Node 24 messages', () => {
    const node20 = 'Expected double-quoted property name in JSON at position 29';
    const node24 = 'Expected double-quoted property name in JSON at position 29 (line 2 column 28)';
    for (const message of [node20, node24]) {
      assert.equal(
        jsonErrorDetail(text, message),
        ' (line 2, column 28): Expected double-quoted property name',
      );
    }
  });

  it('places errors whose message has no position', () => {
    const quoted = 'Unexpected token \'}\', "{"a": {"b": 1}, "c": nul}" is not valid JSON';
    assert.equal(
      jsonErrorDetail('{"a": {"b": 1}, "c": nul}', quoted),
      " (line 1, column 25): Unexpected token '}'",
    );
    const cut = 'Unexpected token \'}\', ..."b": 1}, "c": nul}" is not valid JSON';
    assert.equal(
      jsonErrorDetail('{"a": {"b": 1}, "c": nul}', cut),
      " (line 1, column 25): Unexpected token '}'",
    );
    assert.equal(
      jsonErrorDetail('', 'Unexpected end of JSON input'),
      ' (line 1, column 1): Unexpected end of JSON input',
    );
  });
});

describe('scanJson: what Unit refuses although JSON.parse takes it', () => {
  it('refuses a duplicate member, naming its JSON path and where it is', () => {
    const text = '[{"action": {"pass": "applications/a", "pass": "applications/b"}}]';
    assert.deepEqual(scanJson(text), {
      offset: text.lastIndexOf('"pass"'),
      path: '[0].action.pass',
      reason: '"pass" appears twice in the same object; Unit refuses duplicate members: keep one',
    });
    assert.equal(scanJson('{"a": 1, "b": {"a": 2}}'), undefined);
    assert.equal(scanJson('{"a\\u0062": 1, "ab": 2}')?.path, 'ab');
    assert.equal(scanJson('{"x": {"": 1, "": 2}}')?.path, 'x[""]');
  });

  it('refuses lone UTF-16 surrogates and takes pairs', () => {
    assert.equal(scanJson('["/\\ud83d\\ude00"]'), undefined);
    assert.equal(scanJson('["\ud83d\ude00"]'), undefined);
    for (const text of [
      '["/\\ud800"]',
      '["\\udc00"]',
      '["\\ud800\\u0041"]',
      '["\\ud800\\n"]',
      '["\\ud800x"]',
      '{"X-\\ud800": "1"}',
      '["\ud800"]',
    ]) {
      assert.match(scanJson(text)?.reason ?? '', /surrogate/, text);
    }
  });

  it('refuses nesting deeper than MAX_DEPTH without recursing', () => {
    const deep = (n: number): string => '['.repeat(n) + ']'.repeat(n);
    assert.equal(scanJson(deep(MAX_DEPTH)), undefined);
    assert.match(scanJson(deep(MAX_DEPTH + 1))?.reason ?? '', /nested more than 240 levels/);
    const fault = scanJson('{"a":'.repeat(200_000) + '1' + '}'.repeat(200_000));
    assert.equal(fault?.offset, 5 * MAX_DEPTH);
  });
});
