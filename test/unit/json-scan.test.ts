// Where a JSON text goes wrong, whichever way Node words its parse error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { syntaxErrorAt } from '../../src/unit/json-scan.js';
import { jsonErrorDetail } from '../../src/unit/json-text.js';

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
