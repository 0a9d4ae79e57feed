// -o yaml: YAML that every reader takes the same way. YAML 1.1 readers (PyYAML, Ansible, older
// Go and Ruby libraries) read `yes`, `off`, `010`, `1:30` or `2024-01-02` as a boolean, a number
// or a date where YAML 1.2 reads a string: such strings are quoted, as are the ones either
// version reads as something else. Invisible characters (format.ts) are \u-escaped inside
// double quotes: the value stays exact and a person sees them.
import { invisibleClass, unicodeEscape } from '../text/escape.js';

// The words some reader takes for a boolean or null in any case (`yEs`, `NuLl`); `=` and `<<`,
// which YAML 1.1 reads as the value and merge keys. The yaml library's 1.1 schema (`compat`)
// quotes the numbers, times, dates and the spellings the 1.1 spec lists.
const looseWord = /^(?:y|n|yes|no|on|off|true|false|null|~|=|<<)$/i;
const invisible = new RegExp(`[${invisibleClass}]`);
// What the library leaves raw inside double quotes: DEL and the invisible characters.
const raw = new RegExp(`[\\u007f${invisibleClass}]`, 'g');

// A number with an exponent and no point (1e+21, 1e-7) is a string to a YAML 1.1 reader, whose
// floats need the point: written 1.0e+21.
const exponentTag = {
  identify: (value: unknown): boolean => typeof value === 'number' && /^-?\d+e/.test(String(value)),
  default: true,
  tag: 'tag:yaml.org,2002:float',
  // A test makes the library prefer this tag to its own float and int tags.
  test: /^[-+]?\d+\.0e[-+]?\d+$/,
  resolve: (text: string): number => Number(text),
  stringify: ({ value }: { value: unknown }): string => String(value).replace('e', '.0e'),
};

/** `data` as a YAML document that means the same in YAML 1.1 and 1.2. */
export async function toYaml(data: unknown): Promise<string> {
  // yaml is CommonJS: its functions hang off the default export once bundled.
  const yaml = (await import('yaml')).default;
  const doc = new yaml.Document(data, {
    compat: 'yaml-1.1',
    customTags: (tags) => [exponentTag, ...tags],
  });
  yaml.visit(doc, {
    Scalar(_key, node) {
      const value = node.value;
      if (typeof value !== 'string') return;
      if (invisible.test(value)) node.type = 'QUOTE_DOUBLE';
      else if (looseWord.test(value)) node.type = 'QUOTE_SINGLE';
    },
  });
  // Every invisible character is inside double quotes now, where \uHHHH is its escape.
  return doc.toString().replace(raw, unicodeEscape);
}
