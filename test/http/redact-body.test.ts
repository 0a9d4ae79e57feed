import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redactBody } from '../../src/http/redact.js';

describe('redactBody (dactl api --input under --dry-run)', () => {
  it('hides secret members of a JSON body, at any depth', () => {
    assert.equal(
      redactBody('{"user":"fred","site":{"adminPass":"s3cret"}}', 'application/json'),
      '{"user":"fred","site":{"adminPass":"***"}}',
    );
  });
  it('hides secret fields of a form body', () => {
    assert.equal(
      redactBody('username=fred&passwd=s3cret\n', 'application/x-www-form-urlencoded'),
      'username=fred&passwd=***',
    );
  });
  it('shows a body without secrets exactly as given', () => {
    const json = '{ "id": 12345678901234567890 }';
    assert.equal(redactBody(json, 'application/json'), json);
    assert.equal(redactBody('a=1&b=2', 'application/x-www-form-urlencoded'), 'a=1&b=2');
    assert.equal(redactBody('{broken', 'application/json'), '{broken');
  });
});
