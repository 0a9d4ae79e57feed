// Properties of the name checks shared by flags and prompts: any text gets an answer (never a
// throw), the answer is a sentence without raw control characters, empty, blank and
// control-character values are refused, and a value accepted stays accepted once normalised.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  accountIp,
  domainName,
  emailAddress,
  ipv4Address,
  newUsername,
  packageName,
} from '../../src/validate/account.js';
import {
  installPath,
  installPathOf,
  siteTitle,
  subdirectory,
  wordpressLogin,
} from '../../src/validate/wordpress.js';
import {
  accountName,
  normaliseUrl,
  panelUrl,
  profileName,
  type Check,
} from '../../src/validate/settings.js';
import { appName, relativePath } from '../../src/unit/names.js';
import { assertNoControl, awkwardText, controlCharacter, fc } from '../helpers/property.js';

const checks: Record<string, Check> = {
  profileName,
  accountName,
  panelUrl,
  newUsername,
  domainName,
  emailAddress,
  ipv4Address,
  accountIp,
  packageName,
  subdirectory,
  installPath,
  wordpressLogin,
  siteTitle,
  appName,
  relativePath,
};
const named = fc.constantFrom(...Object.keys(checks));
const check = (name: string): Check => checks[name] ?? (() => 'no such check');

// Values near what each check accepts, so the accepting paths are walked too.
const nearlyValid = fc.oneof(
  fc.domain(),
  fc.emailAddress(),
  fc.ipV4(),
  fc.webUrl(),
  fc.stringMatching(/^[a-z][a-z0-9]{2,15}$/),
  fc.domain().map((d) => `domains/${d}/public_html/blog`),
);
const anyValue = fc.oneof(awkwardText(), nearlyValid, fc.string({ maxLength: 300 }));

/** `value` with one control character put in at `at` (0..1 of its length). */
const withControl = fc
  .tuple(
    fc.oneof(nearlyValid, awkwardText()),
    fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
    fc.double({ min: 0, max: 1, noNaN: true }),
  )
  .map(([value, c, at]) => {
    const i = Math.floor(at * value.length);
    return value.slice(0, i) + c + value.slice(i);
  });

describe('property: name checks', () => {
  it('answer any text with undefined or a sentence without raw control characters', () => {
    fc.assert(
      fc.property(named, anyValue, (name, value) => {
        const problem = check(name)(value);
        if (problem !== undefined) {
          assert.ok(problem.length > 0, name);
          assertNoControl(problem, `${name}(${JSON.stringify(value)})`);
        }
      }),
    );
  });

  it('refuse empty and blank values', () => {
    const blank = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0'), maxLength: 4 });
    fc.assert(
      fc.property(named, blank, (name, value) => {
        assert.notEqual(check(name)(value), undefined, `${name} took ${JSON.stringify(value)}`);
      }),
    );
  });

  it('refuse a value with a control character anywhere', () => {
    fc.assert(
      fc.property(named, withControl, (name, value) => {
        assert.ok(controlCharacter.test(value));
        assert.notEqual(check(name)(value), undefined, `${name} took ${JSON.stringify(value)}`);
      }),
    );
  });

  it('take valid domains, e-mail addresses and IPv4 addresses', () => {
    fc.assert(fc.property(fc.domain(), (d) => domainName(d) === undefined));
    fc.assert(fc.property(fc.emailAddress(), (e) => emailAddress(e) === undefined));
    fc.assert(fc.property(fc.ipV4(), (ip) => ipv4Address(ip) === accountIp(ip)));
  });

  it('a panel URL accepted stays accepted once normalised', () => {
    const url = fc.oneof(
      fc.webUrl({ withQueryParameters: false, withFragments: false }),
      fc.webUrl().map((u) => `${u}/`),
      awkwardText().map((t) => `https://${t}`),
    );
    fc.assert(
      fc.property(url, (u) => {
        if (panelUrl(u) === undefined) assert.equal(panelUrl(normaliseUrl(u)), undefined, u);
      }),
    );
  });

  it('an install path built from an accepted domain and directory is accepted', () => {
    const dir = fc.oneof(
      fc.constant(undefined),
      fc.stringMatching(/^\/?[A-Za-z0-9_][A-Za-z0-9._-]{0,8}(\/[A-Za-z0-9_.-]{1,8}){0,2}\/?$/),
    );
    fc.assert(
      fc.property(fc.domain(), dir, (domain, given) => {
        // As wp install does: "/blog/" and "blog" are the same directory.
        const subdir = given?.replace(/^\/+|\/+$/g, '') || undefined;
        fc.pre(subdir === undefined || subdirectory(subdir) === undefined);
        assert.equal(installPath(installPathOf(domain, subdir)), undefined);
      }),
    );
  });

  it('a new account name is also a name to log in with', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9]{2,15}$/), (name) => {
        if (newUsername(name) === undefined) assert.equal(accountName(name), undefined);
      }),
    );
  });
});
