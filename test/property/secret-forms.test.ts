// Properties of echo masking (src/redact/secret-forms.ts through redact.ts): a secret sent under a
// secret name is hidden however a panel escapes it on the way back (issue 22 found 45 of 440
// echoes shown, secrets with " \ & < > ' in them, mostly under --debug).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeControl } from '../../src/text/escape.js';
import {
  cleanPanelText,
  hidden,
  maskData,
  maskValues,
  secretSet,
} from '../../src/redact/redact.js';
import { awkwardText, fc } from '../helpers/property.js';

// Well-formed text only: an escaper cannot encode a lone surrogate (encodeURIComponent throws).
const wellFormed = (s: string): boolean => {
  try {
    return encodeURIComponent(s).length > 0;
  } catch {
    return false;
  }
};
const secret = awkwardText(30).filter((s) => s.length >= 6 && wellFormed(s));

const json = (s: string): string => JSON.stringify(s).slice(1, -1);
const entity = (map: Record<string, string>) => (s: string) =>
  s.replace(/[&<>"']/g, (c) => map[c] ?? c);
const html = entity({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' });
const lowerHex = (s: string): string => s.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
/** JSON with the characters `which` picks written as \uXXXX (each UTF-16 unit). */
const unicode = (which: RegExp, upper: boolean) => (s: string) =>
  Array.from(s)
    .map((c) =>
      which.test(c)
        ? [...Array(c.length).keys()]
            .map((i) => {
              const hex = c.charCodeAt(i).toString(16).padStart(4, '0');
              return `\\u${upper ? hex.toUpperCase() : hex}`;
            })
            .join('')
        : json(c),
    )
    .join('');

/** The ways a panel, a proxy or a PHP page may echo text it was sent. */
const escapers: Record<string, (s: string) => string> = {
  raw: (s) => s,
  json,
  'JSON inside JSON': (s) => json(json(s)),
  "PHP's json_encode (\\/ and \\u00e9)": (s) =>
    unicode(/[^\x20-\x7e]/, false)(s).replace(/\//g, '\\/'),
  'JSON_HEX_TAG|AMP|APOS|QUOT': unicode(/[&<>'"]/, true),
  encodeURIComponent,
  'percent-encoded, lower-case hex': (s) => lowerHex(encodeURIComponent(s)),
  'form-encoded': (s) => new URLSearchParams({ v: s }).toString().slice(2),
  htmlspecialchars: html,
  'html.escape (&#x27;)': entity({
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#x27;',
  }),
  'HTML5 (&apos;)': entity({
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&apos;',
  }),
  "DirectAdmin's numeric entities, form-encoded": (s) =>
    encodeURIComponent(s.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`)),
  'HTML-escaped JSON': (s) => html(json(s)),
  'percent-encoded HTML': (s) => encodeURIComponent(html(s)),
  addslashes: (s) => s.replace(/["'\\]/g, '\\$&'),
  "dactl's own escapeControl": escapeControl,
};

describe('property: echoes of a sent secret', () => {
  it('are hidden whole in text, in every escaped form, and nothing around them is touched', () => {
    fc.assert(
      fc.property(secret, fc.constantFrom(...Object.keys(escapers)), (value, how) => {
        const echo = (escapers[how] ?? String)(value);
        const masked = maskValues(`got [${echo}] back`, secretSet([value]));
        assert.equal(masked, `got [${hidden}] back`, `${how}: ${JSON.stringify(echo)}`);
      }),
    );
  });

  it('are hidden in error text and in decoded data, the longer of two secrets whole', () => {
    fc.assert(
      fc.property(secret, secret, (a, b) => {
        const secrets = secretSet([a, `${a}${b}`]);
        const text = `Refused: ${json(`${a}${b}`)} and ${html(a)}`;
        const clean = cleanPanelText(text, secrets);
        assert.ok(!clean.includes(escapeControl(`${a}${b}`)) && !clean.includes(escapeControl(a)));
        assert.deepEqual(maskData({ said: [`${a}${b}`], [a]: 1 }, secrets), {
          said: [hidden],
          [hidden]: 1,
        });
      }),
    );
  });
});
