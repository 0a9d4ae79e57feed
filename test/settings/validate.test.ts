import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hidden, redactHeaders, redactParams, redactValue } from '../../src/redact/redact.js';
import {
  accountName,
  checkFlag,
  checkSecret,
  maskUrl,
  panelUrl,
  profileName,
  secretLimit,
  sentInClear,
} from '../../src/validate/settings.js';
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
    // A panel address without its scheme (DACTL_URL=panel:2222): the hint says what to write.
    const hintOf = (value: string): string | undefined => {
      try {
        checkFlag('DACTL_URL', value, panelUrl);
      } catch (error) {
        return error instanceof UsageError ? error.hint : undefined;
      }
      throw new Error('accepted');
    };
    assert.equal(
      hintOf('panel.example.com:2222'),
      'Write it with its scheme: https://panel.example.com:2222 (or http:// for a plain panel).',
    );
    assert.equal(hintOf('ftp://panel.example.com'), undefined);
    assert.equal(hintOf('panel example'), undefined);
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

describe('settings checks that keep secrets in', () => {
  it('checkFlag shows a refused URL without credentials or query, a login without its password', () => {
    const shown = (flag: string, value: string, check: typeof panelUrl): string => {
      try {
        checkFlag(flag, value, check);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    for (const url of [
      'https://admin:s3cr3t@panel:2222',
      'admin:s3cr3t@panel:2222',
      'https://panel/?passwd=s3cr3t',
    ]) {
      const message = shown('DACTL_URL', url, panelUrl);
      assert.ok(!message.includes('s3cr3t'), message);
      try {
        checkFlag('DACTL_URL', url, panelUrl);
      } catch (error) {
        const hint = error instanceof UsageError ? (error.hint ?? '') : '';
        assert.ok(!hint.includes('s3cr3t'), hint);
      }
    }
    assert.equal(maskUrl('https://a:b@h:1/p?q=1#f'), 'https://***@h:1/p?…');
    const login = shown('DACTL_USERNAME', 'admin:s3cr3t', accountName);
    assert.match(login, /^DACTL_USERNAME "admin:\*\*\*": must not contain ":"/);
    assert.ok(shown('--as', 'x'.repeat(5000), accountName).length < 400);
  });

  it('checkSecret takes up to 4096 bytes, counted in UTF-8', () => {
    assert.equal(checkSecret('p'.repeat(secretLimit), 'x'), 'p'.repeat(secretLimit));
    assert.throws(() => checkSecret('é'.repeat(2049), 'DACTL_PASSWORD'), /4098 bytes/);
  });

  it('sentInClear: plain http to anything but loopback', () => {
    for (const url of ['http://panel.example.com:2222', 'http://10.0.0.1', 'http://[fd00::2]:2222'])
      assert.equal(sentInClear(url), true, url);
    for (const url of [
      'https://panel.example.com',
      'http://127.0.0.1:2222',
      'http://127.8.0.1',
      'http://[::1]:2222',
      'http://LOCALHOST',
    ])
      assert.equal(sentInClear(url), false, url);
  });
});
