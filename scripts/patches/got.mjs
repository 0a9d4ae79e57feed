// got gives every request an id for its diagnostics channel messages (dactl subscribes to none)
// from crypto.randomUUID, which loads node:crypto on every run that sends a request. The id stays
// a version 4 UUID, unique to the request, from Math.random: an id to match messages by, never a
// secret.
// Upstream: the ids came with got's diagnostics channel support (sindresorhus/got#1792); no
// issue about their cost was found. To file at sindresorhus/got: "Make the request id only when
// a diagnostics channel has subscribers: randomUUID loads node:crypto for every request."
/** @type {import('./index.mjs').Patch} */
export default {
  package: 'got',
  versions: ['14.6.6', '15.0.0'],
  file: 'dist/source/core/diagnostics-channel.js',
  replace: [
    [
      'return randomUUID();',
      "return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) => (c ^ ((Math.random() * 16) >> (c / 4))).toString(16));",
    ],
  ],
};
