// The JMESPath library behind --query costs nothing at start-up: it is in a chunk of its own
// that no file of the start-up path (dist/main.js and what it imports statically) imports, only
// the dynamic import() that --query runs. Checked on the built files (npm test builds first).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../dist', import.meta.url));

/** dist/main.js and every file it imports statically, directly or not. */
function startupFiles(): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    // `from"./x.js"` and `import"./x.js"` are static; `import("./x.js")` is not matched.
    for (const [, path] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"(\.[^"]+)"/g)) {
      visit(resolve(dirname(file), path ?? ''));
    }
  };
  visit(join(dist, 'main.js'));
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
    assert.ok(startup.size > 1, 'main.js imports its shared chunks');
    assert.ok(!startup.has(library[0] ?? ''), 'the start-up path imports the JMESPath chunk');
  });
});
