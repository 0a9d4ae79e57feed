// decompress-response asks at load time whether zlib has zstd (Node 22.15 and later), which loads
// node:zlib on every run that sends a request; asked only of a zstd reply, zlib stays unloaded
// until a reply is compressed.
// Upstream: no issue or pull request found. To file at sindresorhus/decompress-response: "Check
// for zstd support when a response is zstd-encoded, not at import: the check loads node:zlib for
// every importer, compressed replies or not."
/** @type {import('./index.mjs').Patch} */
export default {
  package: 'decompress-response',
  versions: ['10.0.0', '11.0.0'],
  file: 'index.js',
  replace: [
    ["const supportsZstd = typeof zlib.createZstdDecompress === 'function';", ''],
    [
      'supportsZstd',
      "(contentEncoding === 'zstd' && typeof zlib.createZstdDecompress === 'function')",
    ],
  ],
};
