// Unit's template strings: $name and ${name}, letters and "_" only, variables Unit knows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  fixedPrefix,
  isTemplate,
  isUnitVariable,
  templateProblem,
} from '../../src/unit/route-vars.js';

describe('template strings', () => {
  it('knows Unit’s variables and families', () => {
    for (const name of [
      'uri',
      'host',
      'request_uri',
      'dollar',
      'arg_id',
      'header_x_real_ip',
      'cookie_s',
      'response_header_etag',
    ])
      assert.ok(isUnitVariable(name), name);
    for (const name of ['url', 'arg_', 'header_', 'URI', 'scheme_x', 'domain'])
      assert.ok(!isUnitVariable(name), name);
  });

  it('accepts plain text and known variables in both spellings', () => {
    for (const text of ['/plain', '/a$uri', '/a${uri}b', '$host$uri', 'x$arg_id2', 'a$dollar']) {
      assert.equal(templateProblem(text), undefined, text);
    }
  });

  it('names the first bad variable, or its position', () => {
    assert.equal(templateProblem('/a$'), 'invalid variable at position 2');
    assert.equal(templateProblem('${}'), 'invalid variable at position 0');
    assert.equal(templateProblem('${uri'), 'invalid variable at position 0');
    assert.equal(templateProblem('$1'), 'invalid variable at position 0');
    assert.equal(templateProblem('/$uri/$nope/$bad'), 'unknown variable "$nope"');
    assert.equal(templateProblem('${Host}'), 'unknown variable "$Host"');
    assert.match(templateProblem('`${host}`') ?? '', /need Unit built with njs/);
  });

  it('tells templates and their fixed part', () => {
    assert.ok(isTemplate('a$b'));
    assert.ok(isTemplate('a`b'));
    assert.ok(!isTemplate('/home/fred'));
    assert.equal(fixedPrefix('/home/fred/www$uri'), '/home/fred/www');
    assert.equal(fixedPrefix('/home/fred'), '/home/fred');
    assert.equal(fixedPrefix('$uri'), '');
  });
});
