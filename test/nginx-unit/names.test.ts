// Names and paths the unit commands accept before anything is sent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appName, domainName, relativePath } from '../../src/unit/names.js';

describe('unit names', () => {
  it('application names: letters, digits, "-", "_"', () => {
    for (const ok of ['app', 'my-app_2', 'A1']) assert.equal(appName(ok), undefined, ok);
    assert.equal(appName(''), 'must not be empty');
    assert.equal(appName('a/b'), 'must not contain "/"');
    assert.equal(appName('..'), 'must not contain ".."');
    assert.equal(appName('a.b'), 'must use only letters, digits, "-" and "_"');
    assert.equal(appName('a b'), 'must use only letters, digits, "-" and "_"');
    assert.equal(appName('x'.repeat(65)), 'must be at most 64 characters');
  });

  it('domains: lower case DNS names with a dot', () => {
    for (const ok of ['fred.example', 'a-b.c.example', 'xn--bcher-kva.example']) {
      assert.equal(domainName(ok), undefined, ok);
    }
    assert.equal(domainName('Fred.example'), 'must be lower case');
    assert.equal(domainName('localhost'), 'must contain a dot, as in example.com');
    assert.match(domainName('-a.example') ?? '', /each part/);
    assert.match(domainName('a..example') ?? '', /each part/);
    assert.equal(domainName('10.0.0.1'), 'must end in a name, not a number');
  });

  it('paths below the domain directory: relative, without ".."', () => {
    for (const ok of ['app', 'apps/api', 'bin/www', 'app/'])
      assert.equal(relativePath(ok), undefined, ok);
    assert.match(relativePath('/etc') ?? '', /must be relative/);
    assert.match(relativePath('../alice') ?? '', /"\.\."/);
    assert.match(relativePath('a/./b') ?? '', /"\.\."/);
    assert.match(relativePath('a//b') ?? '', /single "\/"/);
    assert.match(relativePath('a b') ?? '', /letters, digits/);
  });
});
