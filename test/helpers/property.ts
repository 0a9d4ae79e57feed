// Shared set-up of the property tests (test/property). `npm test` runs them from a fixed seed
// with few runs, so CI is quick and repeatable; `npm run fuzz` is a long run (FUZZ_RUNS cases per
// property) from a fresh seed for each file, printed so a failure can be replayed:
// FUZZ_SEED=<seed> npm run fuzz (fast-check's own failure report names it too).
import assert from 'node:assert/strict';
import { relative } from 'node:path';
import fc from 'fast-check';
import { DactlError } from '../../src/errors.js';

// `npm run fuzz` alone means a long run; FUZZ_RUNS sets its length.
const fuzzing = process.env.npm_lifecycle_event === 'fuzz';
/** Cases per property in a long run (`npm run fuzz`, or FUZZ_RUNS given); undefined in `npm test`. */
export const runs = Number(process.env.FUZZ_RUNS ?? '') || (fuzzing ? 10_000 : undefined);
const given = Number(process.env.FUZZ_SEED ?? '') || undefined;
/** The seed of this file's run: fixed in `npm test`, fresh (and printed) in a long run. */
export const seed = given ?? (runs ? Math.floor(Math.random() * 2 ** 31) : 20240610);
if (runs) {
  const file = relative(process.cwd(), process.argv[1] ?? '');
  process.stderr.write(`${file}: FUZZ_SEED=${seed} FUZZ_RUNS=${runs}\n`);
}
fc.configureGlobal({ seed, numRuns: runs ?? 150 });

export { fc };

/** Runs `action`: it may return anything, or throw a DactlError, never anything else. */
export function dactlErrorOrValue<T>(action: () => T): T | DactlError {
  try {
    return action();
  } catch (error) {
    if (error instanceof DactlError) return error;
    throw error;
  }
}

// eslint-disable-next-line no-control-regex
export const controlCharacter = /[\u0000-\u001f\u007f]/;

/** Text in which the characters that break parsers and terminals turn up often. */
export const awkwardText = (maxLength = 40): fc.Arbitrary<string> =>
  fc.string({
    maxLength,
    unit: fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(...Array.from('&#;=%+[].\\/:|@"\'<> '), '&#60;', '%5B', '[]'),
      },
      { weight: 1, arbitrary: fc.constantFrom('\u0000', '\t', '\n', '\r', '\u001b', '\u007f') },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    ),
  });

/** Asserts `text` holds no raw control character, naming what it was. */
export function assertNoControl(text: string, what: string): void {
  assert.ok(
    !controlCharacter.test(text),
    `${what} has a raw control character: ${JSON.stringify(text)}`,
  );
}
