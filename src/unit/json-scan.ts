// Where a JSON text goes wrong. Node's JSON.parse says where only in some messages, and the
// wording differs between Node versions, so this small scanner walks the text by the JSON grammar
// (RFC 8259, as JSON.parse reads it) and returns the offset of the first character it cannot
// accept: the position a person should look at.

class Stop extends Error {
  constructor(readonly at: number) {
    super(`JSON syntax error at ${String(at)}`);
  }
}

/** The offset of the first syntax error, or undefined when the text is valid JSON. */
export function syntaxErrorAt(text: string): number | undefined {
  let i = 0;
  const fail = (): never => {
    throw new Stop(i);
  };
  const space = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const expect = (char: string): void => {
    if (text[i] !== char) fail();
    i++;
  };
  const digits = (): void => {
    if (!/[0-9]/.test(text.charAt(i))) fail();
    while (/[0-9]/.test(text.charAt(i))) i++;
  };
  const literal = (word: string): void => {
    for (const char of word) expect(char);
  };
  const string = (): void => {
    expect('"');
    for (;;) {
      const c = text.charAt(i);
      if (c === '') fail();
      if (c === '"') {
        i++;
        return;
      }
      if (c < ' ') fail();
      if (c === '\\') {
        i++;
        const e = text.charAt(i);
        if (e === 'u') {
          for (let k = 0; k < 4; k++) {
            i++;
            if (!/[0-9A-Fa-f]/.test(text.charAt(i))) fail();
          }
        } else if (e === '' || !'"\\/bfnrt'.includes(e)) fail();
      }
      i++;
    }
  };
  const number = (): void => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits();
    if (text[i] === '.') {
      i++;
      digits();
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits();
    }
  };
  const sequence = (close: string, item: () => void): void => {
    i++;
    space();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      item();
      space();
      if (text[i] === close) {
        i++;
        return;
      }
      expect(',');
      space();
    }
  };
  const value = (): void => {
    space();
    const c = text.charAt(i);
    if (c === '{') {
      sequence('}', () => {
        string();
        space();
        expect(':');
        value();
      });
    } else if (c === '[') sequence(']', value);
    else if (c === '"') string();
    else if (c === '-' || /[0-9]/.test(c)) number();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else fail();
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return undefined;
  } catch (error) {
    if (error instanceof Stop) return error.at;
    throw error;
  }
}
