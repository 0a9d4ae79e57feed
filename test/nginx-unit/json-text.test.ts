// JSON typed by people: errors name the source and where the mistake is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UsageError } from '../../src/errors.js';
import { parseJsonText, position } from '../../src/unit/json-text.js';

const failure = (text: string): string => {
  try {
    parseJsonText(text, 'app.json');
  } catch (error) {
    assert.ok(error instanceof UsageError);
    return error.message;
  }
  assert.fail('no error');
};

describe('parseJsonText', () => {
  it('parses good JSON', () => {
    assert.deepEqual(parseJsonText('{"a": [1]}', 'x'), { a: [1] });
  });

  it('names the file, line and column of a syntax error', () => {
    assert.match(failure('{\n  "a": 1,\n}'), /^app\.json is not valid JSON \(line 3, column 1\): /);
    assert.match(failure('{\n  "a" 1\n}'), /\(line 2, column 7\)/);
    assert.match(failure('{"a":\n  x}'), /\(line 2, column 3\): Unexpected token/);
    assert.match(failure('{"a": 1'), /\(line 1, column 8\)/);
    assert.doesNotMatch(failure('{"a": oops}'), /is not valid JSON:.*is not valid JSON/);
  });

  it('counts lines and columns from 1', () => {
    assert.equal(position('ab\ncd', 0), 'line 1, column 1');
    assert.equal(position('ab\ncd', 4), 'line 2, column 2');
  });
});
