// @sindresorhus/is (got's argument checks) builds two Intl.ListFormat objects at load time for its
// error messages; the first one loads ICU's locale data. Built at the first message instead.
// Upstream: no issue or pull request found. To file at sindresorhus/is: "Create the
// Intl.ListFormat formatters on first use: building them at import loads ICU locale data for
// every importer (a third of a CLI's request start-up)."
/** @type {import('./index.mjs').Patch} */
export default {
  package: '@sindresorhus/is',
  versions: ['7.2.0', '8.0.0'],
  file: 'distribution/index.js',
  replace: [
    [
      "const andFormatter = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });",
      'let andFormatter;',
    ],
    [
      "const orFormatter = new Intl.ListFormat('en', { style: 'long', type: 'disjunction' });",
      'let orFormatter;',
    ],
    [
      'orFormatter.format(',
      "(orFormatter ??= new Intl.ListFormat('en', { style: 'long', type: 'disjunction' })).format(",
    ],
    [
      'andFormatter.format(',
      "(andFormatter ??= new Intl.ListFormat('en', { style: 'long', type: 'conjunction' })).format(",
    ],
  ],
};
