import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UsageError } from '../../src/errors.js';
import { checkFlag } from '../../src/validate/settings.js';
import {
  accountIp,
  domainName,
  emailAddress,
  ipv4Address,
  newPassword,
  newUsername,
  packageName,
  storedDomain,
} from '../../src/validate/account.js';

const accepts = (check: (v: string) => string | undefined, values: string[]): void => {
  for (const v of values) assert.equal(check(v), undefined, JSON.stringify(v));
};
const refuses = (check: (v: string) => string | undefined, cases: [string, RegExp][]): void => {
  for (const [v, rule] of cases) assert.match(check(v) ?? 'accepted', rule, JSON.stringify(v));
};

describe('account validators', () => {
  it('usernames: a-z first, lower-case letters and digits, 3 to 16, not reserved', () => {
    accepts(newUsername, ['fred', 'abc', 'a1b2c3', 'x'.repeat(16)]);
    refuses(newUsername, [
      ['Fred', /start with a lower-case letter/],
      ['1fred', /start with a lower-case letter/],
      ['', /start with a lower-case letter/],
      ['fred_x', /lower-case letters and digits only/],
      ['freD', /lower-case letters and digits only/],
      ['ab', /3 to 16/],
      ['x'.repeat(17), /3 to 16/],
      ['root', /reserved/],
      ['admin', /reserved/],
      ['mysql', /reserved/],
    ]);
  });

  it('domains: lower case, valid labels, a dot', () => {
    accepts(domainName, ['example.com', 'a.b.c.example', 'xn--bcher-kva.example', 'a-b.co']);
    refuses(domainName, [
      ['Example.com', /lower case/],
      ['localhost', /a dot/],
      ['', /empty/],
      ['a..com', /each part/],
      ['-a.com', /each part/],
      ['a-.com', /each part/],
      ['a_b.com', /each part/],
      ['example.com.', /each part/],
      [`${'a'.repeat(64)}.com`, /each part/],
      ['1.2.3.4', /end in a name/],
      [`${'a.'.repeat(127)}com`, /253/],
    ]);
  });

  it('a domain typed in capitals is taken in lower case, with a note; others need none', () => {
    assert.deepEqual(storedDomain('Wilma.Example'), {
      value: 'wilma.example',
      note: 'Domains are lower case: using wilma.example.',
    });
    assert.deepEqual(storedDomain('wilma.example'), { value: 'wilma.example' });
    assert.equal(domainName(storedDomain('FRED.EXAMPLE').value), undefined);
    // Lower case does not make a bad domain good.
    assert.match(domainName(storedDomain('Fred..Example').value) ?? 'accepted', /each part/);
  });

  it('new passwords typed at a prompt: at least 8 characters', () => {
    accepts(newPassword, ['12345678', 'Long-enough-1']);
    refuses(newPassword, [
      ['', /at least 8/],
      ['short', /at least 8/],
    ]);
  });

  it('e-mail addresses', () => {
    accepts(emailAddress, ['fred@example.com', 'F.Red+x@Example.COM', "o'neil@a.example"]);
    refuses(emailAddress, [
      ['fred', /e-mail address such as/],
      ['@example.com', /e-mail address such as/],
      ['fred@', /after "@"/],
      ['fred@localhost', /after "@"/],
      ['fr ed@example.com', /before "@"/],
      ['.fred@example.com', /before "@"/],
      ['fr..ed@example.com', /before "@"/],
    ]);
  });

  it('IPv4 addresses, and the words newer panels take for --ip', () => {
    accepts(ipv4Address, ['192.0.2.10', '0.0.0.0', '255.255.255.255', '127.0.0.1']);
    for (const bad of ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', 'a.b.c.d', '', '1.2.3.4 ']) {
      assert.match(ipv4Address(bad) ?? 'accepted', /IPv4/, bad);
    }
    accepts(accountIp, ['192.0.2.10', 'shared', 'server', 'assign']);
    assert.match(accountIp('any') ?? 'accepted', /shared, server, assign/);
  });

  it('package names: anything the panel could hold', () => {
    accepts(packageName, ['default', 'Gold Plan', 'bronze-2']);
    refuses(packageName, [
      ['', /empty/],
      ['  ', /empty/],
      ['a/b', /"\/"/],
      ['a\nb', /control/],
    ]);
  });

  it('checkFlag names the flag, the value and the rule', () => {
    assert.throws(
      () => checkFlag('--username', 'root', newUsername),
      (e: unknown) =>
        e instanceof UsageError &&
        e.exitCode === 2 &&
        e.message === '--username "root": "root" is a reserved system name.',
    );
  });
});
