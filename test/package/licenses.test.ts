// The bundle copies other packages' code into dist/: their licences must ship beside it.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Metafile } from 'esbuild';
import { bundledPackages } from '../../scripts/licenses.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('third-party licences', () => {
  it('names each package a build took code from, scoped and nested ones too', () => {
    const input = { bytes: 1, imports: [] };
    const metafile: Metafile = {
      inputs: {
        'src/main.ts': input,
        'node_modules/got/dist/source/index.js': input,
        'node_modules/got/dist/source/core/index.js': input,
        'node_modules/@inquirer/core/dist/index.js': input,
        'node_modules/@inquirer/core/node_modules/string-width/index.js': input,
      },
      outputs: {},
    };
    assert.deepEqual(bundledPackages(metafile), [
      'node_modules/@inquirer/core',
      'node_modules/@inquirer/core/node_modules/string-width',
      'node_modules/got',
    ]);
  });

  it("ships the licence text of every bundled package in dist/, the stack's five among them", () => {
    const file = join(root, 'dist', 'THIRD-PARTY-LICENSES.txt');
    assert.ok(existsSync(file), 'run `npm run build` first');
    const text = readFileSync(file, 'utf8');
    for (const name of ['commander', 'chalk', '@inquirer/prompts', 'conf', 'got']) {
      assert.match(text, new RegExp(`^${name}@\\d+\\.\\d+\\.\\d+ \\(MIT\\)\\n\\n\\S`, 'm'), name);
    }
    // The MPL-2.0 of the --query library, in full.
    assert.match(text, /^@jmespath-community\/jmespath@\S+ \(MPL-2\.0\)$/m);
    assert.match(text, /Mozilla Public License Version 2\.0/);
  });
});
