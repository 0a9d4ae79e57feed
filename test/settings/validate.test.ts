import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hidden, redactHeaders, redactParams, redactValue } from '../../src/http/redact.js';
import { accountName, checkFlag, panelUrl, profileName } from '../../src/settings/validate.js';
import { UsageError } from '../../src/errors.js';

describe('validators', () => {
  it('accept good values and explain bad ones', () => {
    assert.equal(profileName('prod-1.eu_west'), undefined);
    for (const bad of ['', '-x', 'a/b', '..', 'a b', 'x'.repeat(65)])
      assert.ok(profileName(bad), bad);
    assert.equal(accountName('fred'), undefined);
    for (const bad of ['', 'a|b', 'a:b', 'a b', 'a\tb', 'a\u0000'])
      assert.ok(accountName(bad), JSON.stringify(bad));
    assert.equal(panelUrl('https://panel.example.com:2222'), undefined);
    for (const bad of ['panel:2222', 'ftp://x', 'https://u:p@x', 'https://x/?a=1'])
      assert.ok(panelUrl(bad), bad);
    // The URL parser alone would take these, dropping what the profile would keep.
    for (const bad of [' https://x', 'https://x\n', 'https://pa\tnel:2222', '\u0000http://a.aa'])
      assert.match(
        panelUrl(bad) ?? 'accepted',
        /spaces or control characters/,
        JSON.stringify(bad),
      );
  });

  it('checkFlag names the flag and the rule', () => {
    assert.throws(
      () => checkFlag('--as', 'a|b', accountName),
      (e: unknown) =>
        e instanceof UsageError &&
        e.exitCode === 2 &&
        e.message.startsWith('--as "a|b": must not contain'),
    );
  });
});

describe('redaction', () => {
  it('hides password fields at any depth', () => {
    assert.deepEqual(
      redactValue({ username: 'u', passwd: 'p', nested: [{ adminPass: 'x', title: 't' }] }),
      {
        username: 'u',
        passwd: hidden,
        nested: [{ adminPass: hidden, title: 't' }],
      },
    );
    assert.equal(
      redactParams(new URLSearchParams('passwd=a&passwd2=b&user=c')),
      'passwd=***&passwd2=***&user=c',
    );
    assert.deepEqual(redactHeaders({ Authorization: 'Basic x', Cookie: 'c', accept: 'a' }), {
      Authorization: hidden,
      Cookie: hidden,
      accept: 'a',
    });
  });
});
