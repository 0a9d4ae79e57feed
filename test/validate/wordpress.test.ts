import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  installPath,
  installPathOf,
  siteTitle,
  subdirectory,
  wordpressLogin,
} from '../../src/validate/wordpress.js';

describe('WordPress validators', () => {
  it('builds the install path from a domain and an optional directory', () => {
    assert.equal(installPathOf('fred.example'), 'domains/fred.example/public_html');
    assert.equal(
      installPathOf('fred.example', 'blog/2'),
      'domains/fred.example/public_html/blog/2',
    );
  });

  it('accepts only domains/<domain>/public_html[/<dir>], relative, without ..', () => {
    for (const ok of [
      'domains/fred.example/public_html',
      'domains/fred.example/public_html/blog',
      'domains/fred.example/public_html/a/b_c/d-1.2',
    ]) {
      assert.equal(installPath(ok), undefined, ok);
    }
    const cases: [string, RegExp][] = [
      ['/home/fred/domains/fred.example/public_html', /not absolute/],
      ['domains/fred.example/public_html/../../etc', /without "\.\."/],
      ['../domains/fred.example/public_html', /without "\.\."/],
      ['domains/fred.example/private_html', /must be domains\/<domain>\/public_html/],
      ['public_html', /must be domains/],
      ['domains/Fred.example/public_html', /the domain "Fred\.example" must be lower case/],
      ['domains/fred.example/public_html/', /must be domains/],
      ['domains/fred.example/public_html/a//b', /the directory "a\/\/b"/],
      ['domains/fred.example/public_html/./x', /"\." or "\.\."/],
      ['domains/fred.example/public_html/a b', /letters, digits/],
    ];
    for (const [bad, rule] of cases) assert.match(installPath(bad) ?? 'accepted', rule, bad);
  });

  it('subdirectories are relative, without . or .. parts', () => {
    assert.equal(subdirectory('blog'), undefined);
    assert.equal(subdirectory('blog/2024'), undefined);
    assert.match(subdirectory('/blog') ?? '', /relative/);
    assert.match(subdirectory('../x') ?? '', /"\." or "\.\."/);
    assert.match(subdirectory('a;b') ?? '', /letters, digits/);
  });

  it('admin login names and titles', () => {
    assert.equal(wordpressLogin('fred'), undefined);
    assert.equal(wordpressLogin('Fred Smith@x.y'), undefined);
    assert.match(wordpressLogin('  ') ?? '', /empty/);
    assert.match(wordpressLogin('x'.repeat(61)) ?? '', /60/);
    assert.match(wordpressLogin('fred<script>') ?? '', /letters, digits/);
    assert.equal(siteTitle('Fred’s “blog” — 2024'), undefined);
    assert.match(siteTitle('') ?? '', /empty/);
    assert.match(siteTitle('a\tb') ?? '', /control/);
  });
});
