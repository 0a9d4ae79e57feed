// A reporter for `DACTL_TEST_DURATIONS=record npm test` (scripts/test.mjs): the seconds each test
// file's top-level tests took, as one JSON object of file → seconds, for test/durations.json.
/**
 * @param {AsyncIterable<{ type: string, data: { nesting: number, file?: string, details?: { duration_ms?: number } } }>} source
 * @returns {AsyncGenerator<string>}
 */
export default async function* durations(source) {
  /** @type {Record<string, number>} */
  const seconds = {};
  for await (const event of source) {
    const { type, data } = event;
    if ((type === 'test:pass' || type === 'test:fail') && data.nesting === 0 && data.file) {
      seconds[data.file] = (seconds[data.file] ?? 0) + (data.details?.duration_ms ?? 0) / 1000;
    }
  }
  yield JSON.stringify(seconds);
}
