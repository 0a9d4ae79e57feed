// README and `dactl help exit-codes` say the same thing, code by code, and name every exit code
// dactl has (src/errors.ts), 7 included.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ExitCode } from '../../src/errors.js';
import { runInProcess } from '../helpers/in-process.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('exit codes', () => {
  it('README and help exit-codes agree, and document every code', async () => {
    const section = readme.slice(readme.indexOf('### Exit codes'));
    const rows = [...section.matchAll(/^\| (\d+) +\| (.+?) +\|$/gm)].map(
      ([, code, meaning]) => [Number(code), (meaning ?? '').replaceAll('`', '')] as const,
    );
    const help = await runInProcess(['help', 'exit-codes'], { env: { CI: 'true' } });
    assert.equal(help.code, 0, help.stderr);
    // Each code with its meaning, wrapped to 80 columns onto the lines below it.
    const lines = [...help.stdout.matchAll(/^ {2}(\d+) +(.+(?:\n {7}\S.*)*)$/gm)].map(
      ([, code, meaning]) => [Number(code), (meaning ?? '').replace(/\n +/g, ' ')] as const,
    );
    assert.deepEqual(lines, rows);
    assert.deepEqual(
      rows.map(([code]) => code),
      Object.values(ExitCode).sort((a, b) => a - b),
    );
  });
});
