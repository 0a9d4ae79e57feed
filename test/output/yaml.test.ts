// -o yaml means the same to a YAML 1.1 reader (PyYAML, Ansible) as to a YAML 1.2 one: every
// string some version would read as a boolean, null, number, time or date is quoted; invisible
// characters are \u-escaped, the value kept exact.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import YAML from 'yaml';
import { toYaml } from '../../src/output/yaml.js';

// The scalars YAML 1.1 (or 1.2) resolves to something other than a string when plain.
const ambiguous = [
  // Booleans of YAML 1.1, in the spellings its spec lists and in any other case.
  ...['y', 'Y', 'yes', 'Yes', 'YES', 'n', 'N', 'no', 'No', 'NO'],
  ...['true', 'True', 'TRUE', 'false', 'False', 'FALSE'],
  ...['on', 'On', 'ON', 'off', 'Off', 'OFF', 'yEs', 'nO', 'oN', 'tRUE', 'fAlSe'],
  // Null, and the value and merge keys.
  ...['null', 'Null', 'NULL', 'nULL', '~', '', '=', '<<'],
  // Integers: octal in 1.1 (010) and 1.2 (0o10), hex, binary, underscores, signs, base 60.
  ...['0', '010', '0o10', '0x1F', '0b101', '1_000', '+1', '-0', '12', '1:30', '190:20:30'],
  // Floats: base 60, infinities and not-a-number, exponents, bare points, underscores.
  ...['1:30.5', '.inf', '-.Inf', '+.INF', '.nan', '.NaN', '.NAN', '1e3', '1.5e-3', '6.8523015e+5'],
  ...['1.', '.5', '+.5', '685_230.15', '3.14'],
  // Timestamps.
  ...['2001-12-14', '2001-12-14t21:59:43.10-05:00', '2001-12-14 21:59:43.10 -5'],
];

/** What a 1.1 and a 1.2 reader make of the text. */
const readers = (text: string): unknown[] => [
  YAML.parse(text, { version: '1.1' }),
  YAML.parse(text, { version: '1.2' }),
];

describe('-o yaml for YAML 1.1 and 1.2 readers', () => {
  it('quotes every ambiguous scalar, as a value and as a key', async () => {
    for (const word of ambiguous) {
      const data = { v: word, list: [word], [word]: 1 };
      const text = await toYaml(data);
      for (const read of readers(text)) assert.deepEqual(read, data, `${word}: ${text}`);
      assert.ok(!text.startsWith(`v: ${word}\n`), `${word} is plain: ${text}`);
    }
  });

  it('leaves ordinary words plain, and real booleans, nulls and numbers as they are', async () => {
    const data = { name: 'fred', add: 'yes', json: 'yes', notify: 'no', on: true, n: 3, x: null };
    const text = await toYaml(data);
    assert.equal(
      text,
      "name: fred\nadd: 'yes'\njson: 'yes'\nnotify: 'no'\n'on': true\n'n': 3\nx: null\n",
    );
    for (const read of readers(text)) assert.deepEqual(read, data);
  });

  it('writes an exponent with a point, which a 1.1 reader needs to see a float', async () => {
    const data = [1e21, 1e-7, -2e30, 0.5, 1.5e-7];
    const text = await toYaml(data);
    assert.equal(text, '- 1.0e+21\n- 1.0e-7\n- -2.0e+30\n- 0.5\n- 1.5e-7\n');
    for (const read of readers(text)) assert.deepEqual(read, data);
  });

  it('escapes bidi marks, zero-width characters, C1 controls and DEL, exactly', async () => {
    const hidden = [
      ...['\u202a', '\u202e', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c'],
      ...['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u0085', '\u009b', '\u007f'],
    ];
    for (const c of hidden) {
      const data = { [`ad${c}min`]: `ad${c}min`, list: [`x${c}`] };
      const text = await toYaml(data);
      assert.doesNotMatch(
        text,
        /[\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/,
      );
      assert.ok(text.includes(`\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`), text);
      for (const read of readers(text)) assert.deepEqual(read, data);
    }
  });
});
