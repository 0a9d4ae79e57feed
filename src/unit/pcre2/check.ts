/** A PCRE2 compile error as Unit reports it: PCRE2's own message and its code-unit offset. */
export interface Pcre2Error {
  offset: number;
  message: string;
}

/**
 * Judges a pattern the way PCRE2 10.42's pcre2_compile() does with the options Unit passes (none):
 * undefined when it would compile.
 */
export function checkPcre2(pattern: string): Pcre2Error | undefined {
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      if (++i >= pattern.length) return { offset: i, message: '\\ at end of pattern' };
    } else if (c === '[') {
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
      if (j >= pattern.length)
        return { offset: pattern.length, message: 'missing terminating ] for character class' };
      i = j;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth < 0)
      return { offset: i, message: 'unmatched closing parenthesis' };
  }
  return depth > 0 ? { offset: pattern.length, message: 'missing closing parenthesis' } : undefined;
}
