// The PCRE2 pattern checker against PCRE2 10.42 itself: every row of test/fixtures/pcre2-cases.json
// is what pcre2_compile() answered (with Unit's options: none) for that pattern.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { checkPcre2 } from '../../src/unit/pcre2/check.js';
import { routeProblems } from '../../src/unit/route-validate.js';

type Row = [pattern: string, offset?: number, message?: string];
const rows = JSON.parse(
  readFileSync(new URL('../fixtures/pcre2-cases.json', import.meta.url), 'utf8'),
) as Row[];

const verdict = (pattern: string): [number, string] | undefined => {
  const e = checkPcre2(pattern);
  return e && [e.offset, e.message];
};

describe('PCRE2 pattern checker', () => {
  it('agrees with PCRE2 10.42 on every case of the table, offset and message', () => {
    assert.ok(rows.length > 300);
    for (const [pattern, offset, message] of rows) {
      assert.deepEqual(
        verdict(pattern),
        offset === undefined ? undefined : [offset, message],
        pattern,
      );
    }
  });

  it('refuses what JavaScript took and PCRE2 does not', () => {
    const cases: [string, string][] = [
      ['(?<=x+)', 'lookbehind assertion is not fixed length'],
      ['\\1', 'reference to non-existent subpattern'],
      ['a{99999}', 'number too big in {} quantifier'],
      ['[]', 'missing terminating ] for character class'],
      ['[\\d-z]', 'invalid range in character class'],
      ['\\x{100}', 'character code point value in \\x{} or \\o{} is too large'],
      ['\\c', '\\c at end of pattern'],
      [
        '\\g',
        '\\g is not followed by a braced, angle-bracketed, or quoted name/number or by a plain number',
      ],
      ['\\k', '\\k is not followed by a braced, angle-bracketed, or quoted name'],
      ['\\o', 'missing opening brace after \\o'],
      ['\\p{Foo}', 'unknown property after \\P or \\p'],
      ['[[:foo:]]', 'unknown POSIX class name'],
    ];
    for (const [pattern, message] of cases)
      assert.equal(checkPcre2(pattern)?.message, message, pattern);
  });

  it('accepts PCRE2 syntax that JavaScript refused', () => {
    for (const pattern of [
      '(?U)',
      '(?-i)',
      '(?i:x)',
      'a(?i)b',
      '(?P<n>x)',
      '(?#c)',
      '(?|a|b)',
      '(*UTF)',
      '(a)(?1)',
      '(?C)',
    ])
      assert.equal(checkPcre2(pattern), undefined, pattern);
  });

  it('counts offsets in UTF-8 code units, as PCRE2 does without UTF mode', () => {
    assert.deepEqual(verdict('é)'), [2, 'unmatched closing parenthesis']);
    assert.deepEqual(verdict('(*UTF)é\\x{110000}'), [
      17,
      'character code point value in \\x{} or \\o{} is too large',
    ]);
  });

  it('stops at the nest limit of 250 without deep recursion, however deep the pattern', () => {
    const deep = '('.repeat(10000) + 'a' + ')'.repeat(10000);
    assert.deepEqual(verdict(deep), [251, 'parentheses are too deeply nested']);
    assert.equal(checkPcre2('('.repeat(250) + 'a' + ')'.repeat(250)), undefined);
    assert.deepEqual(verdict('(?<=a'.repeat(5000)), [1254, 'parentheses are too deeply nested']);
  });

  it('prints PCRE2’s message and offset in the route check, the offset left out at the end', () => {
    const problems = (uri: string): string[] =>
      routeProblems([{ match: { uri }, action: { return: 404 } }], {
        domain: 'example.com',
        user: 'fred',
      }).map((p) => `${p.path}: ${p.message}`);
    assert.deepEqual(problems('~a)'), [
      '[0].match.uri: "a)" is not a valid regular expression: unmatched closing parenthesis (at byte 1)',
    ]);
    assert.deepEqual(problems('!~['), [
      '[0].match.uri: "[" is not a valid regular expression: missing terminating ] for character class',
    ]);
    assert.deepEqual(problems('~é\\p{Foo}'), [
      '[0].match.uri: "é\\p{Foo}" is not a valid regular expression: unknown property after \\P or \\p',
    ]);
  });

  // PCRE2 10.42 (as Unit 1.35 links it) compiles a repeated single item to one opcode with the
  // character: "a+" is 2 code units like "a", so 32,764 of them fit in its 65,536 (with the
  // brackets and end of the pattern) and 32,765 do not. Checked with pcre2test.
  it('sizes a repeated character, type or class as PCRE2 does, at the compiled-size limit', () => {
    const tooLarge = 'regular expression is too large';
    for (const [item, fits] of [
      ['a+', 32764],
      ['\\w+', 32764],
      ['a+?', 32764],
      ['[^a]+', 32764],
      ['a{1,}', 32764],
      ['a*+', 32764],
      ['\\d{2}', 16382],
      ['é+', 16382],
      ['\\p{L}+', 16382],
      ['[ab]+', 1927],
      ['(?:ab){2}', 3276],
      ['(a)', 6552],
    ] as const) {
      assert.equal(checkPcre2(item.repeat(fits)), undefined, item);
      assert.equal(checkPcre2(item.repeat(fits + 1))?.message, tooLarge, item);
    }
    // A group repeated many times is copied that many times; a class repeated keeps one copy.
    assert.equal(checkPcre2('(?:ab){6552}'), undefined);
    assert.equal(checkPcre2('(?:ab){6553}')?.message, tooLarge);
    assert.equal(checkPcre2('[ab]{65535}'), undefined);
  });
});
