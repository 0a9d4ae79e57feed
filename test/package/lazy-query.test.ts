// The JMESPath library behind --query costs nothing at start-up: it is in a chunk of its own
// that no file of the start-up path (dist/main.cjs and what it requires as it loads) requires,
// only the dynamic import() that --query runs (in the CommonJS chunks, a require() in a promise). Checked on the built files (npm test builds first).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../dist', import.meta.url));

/** dist/main.cjs and every file it requires as it loads, directly or not. */
function startupFiles(): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const { 1: path = '', index } of text.matchAll(/require\("(\.[^"]+)"\)/g)) {
      // An import() became `Promise.resolve().then(()=>interop(require("./x.cjs")))`.
      const dynamic = /Promise\.resolve\(\)\.then\(\(\)=>[\w$]*\($/.test(
        text.slice(index - 48, index),
      );
      if (!dynamic) visit(resolve(dirname(file), path));
    }
  };
  visit(join(dist, 'main.cjs'));
  return seen;
}

describe('--query at start-up', () => {
  it('loads JMESPath from a chunk outside the start-up path', () => {
    const chunks = readdirSync(join(dist, 'chunks')).map((name) => join(dist, 'chunks', name));
    // The library's own message for a function it does not know; dactl's check says it otherwise.
    const library = chunks.filter((file) =>
      readFileSync(file, 'utf8').includes('Unknown function: '),
    );
    assert.equal(library.length, 1, `the library is in ${String(library.length)} chunks`);
    const startup = startupFiles();
    assert.ok(startup.size > 1, 'main.cjs requires its shared chunks');
    assert.ok(!startup.has(library[0] ?? ''), 'the start-up path imports the JMESPath chunk');
  });
});
