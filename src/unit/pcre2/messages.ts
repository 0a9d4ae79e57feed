/**
 * PCRE2 10.42's compile error texts, by error number (pcre2_error.c), for the errors a pattern can
 * provoke under the options Unit passes. They are what Unit shows the user, so they are kept verbatim.
 */
export const MSG = {
  1: '\\ at end of pattern',
  2: '\\c at end of pattern',
  3: 'unrecognized character follows \\',
  4: 'numbers out of order in {} quantifier',
  5: 'number too big in {} quantifier',
  6: 'missing terminating ] for character class',
  7: 'escape sequence is invalid in character class',
  8: 'range out of order in character class',
  9: 'quantifier does not follow a repeatable item',
  11: 'unrecognized character after (? or (?-',
  12: 'POSIX named classes are supported only within a class',
  13: 'POSIX collating elements are not supported',
  14: 'missing closing parenthesis',
  15: 'reference to non-existent subpattern',
  18: 'missing ) after (?# comment',
  19: 'parentheses are too deeply nested',
  20: 'regular expression is too large',
  22: 'unmatched closing parenthesis',
  24: 'missing closing parenthesis for condition',
  25: 'lookbehind assertion is not fixed length',
  26: 'a relative value of zero is not allowed',
  27: 'conditional subpattern contains more than two branches',
  28: 'assertion expected after (?( or (?(?C)',
  29: 'digit expected after (?+ or (?-',
  30: 'unknown POSIX class name',
  34: 'character code point value in \\x{} or \\o{} is too large',
  35: 'lookbehind is too complicated',
  36: '\\C is not allowed in a lookbehind assertion in UTF-8 mode',
  37: 'PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u',
  38: 'number after (?C is greater than 255',
  39: 'closing parenthesis for (?C expected',
  41: 'unrecognized character after (?P',
  42: 'syntax error in subpattern name (missing terminator?)',
  43: 'two named subpatterns have the same name (PCRE2_DUPNAMES not set)',
  44: 'subpattern name must start with a non-digit',
  46: 'malformed \\P or \\p sequence',
  47: 'unknown property after \\P or \\p',
  48: 'subpattern name is too long (maximum 32 code units)',
  49: 'too many named subpatterns (maximum 10000)',
  50: 'invalid range in character class',
  51: 'octal value is greater than \\377 in 8-bit non-UTF-8 mode',
  54: 'DEFINE subpattern contains more than one branch',
  55: 'missing opening brace after \\o',
  57: '\\g is not followed by a braced, angle-bracketed, or quoted name/number or by a plain number',
  58: '(?R (recursive pattern call) must be followed by a closing parenthesis',
  60: '(*VERB) not recognized or malformed',
  61: 'subpattern number is too big',
  62: 'subpattern name expected',
  64: 'non-octal character in \\o{} (closing brace missing?)',
  65: 'different names for subpatterns of the same number are not allowed',
  66: '(*MARK) must have an argument',
  67: 'non-hex character in \\x{} (closing brace missing?)',
  68: '\\c must be followed by a printable ASCII character',
  69: '\\k is not followed by a braced, angle-bracketed, or quoted name',
  71: '\\N is not supported in a class',
  73: 'disallowed Unicode code point (>= 0xd800 && <= 0xdfff)',
  76: 'name is too long in (*MARK), (*PRUNE), (*SKIP), or (*THEN)',
  78: 'digits missing in \\x{} or \\o{} or \\N{U+}',
  79: 'syntax error or number too big in (?(VERSION condition',
  81: 'missing terminating delimiter for callout with string argument',
  82: 'unrecognized string delimiter follows (?C',
  84: '(?| and/or (?J: or (?x: parentheses are too deeply nested',
  86: 'regular expression is too complicated',
  87: 'lookbehind assertion is too long',
  93: '\\N{U+dddd} is supported only in Unicode (UTF) mode',
  94: 'invalid hyphen in option setting',
  95: '(*alpha_assertion) not recognized',
  97: 'too many capturing groups (maximum 65535)',
  98: 'atomic assertion expected after (?( or (?(?C)',
  99: '\\K is not allowed in lookarounds (but see PCRE2_EXTRA_ALLOW_LOOKAROUND_BSK)',
} as const;

export type ErrNo = keyof typeof MSG;

/** Thrown inside the checker at the first error; checkPcre2 turns it into a Pcre2Error. */
export class Fail extends Error {
  constructor(
    readonly code: ErrNo,
    readonly offset: number,
  ) {
    super(MSG[code]);
  }
}

export function fail(code: ErrNo, offset: number): never {
  throw new Fail(code, offset);
}
