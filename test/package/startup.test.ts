// What start-up loads, checked without timing anything: --version needs no bundle, and a request
// to an http:// panel with an uncompressed reply loads none of the Node modules the build defers
// to their first use (scripts/build.mjs): https, tls, zlib, child_process, crypto, async_hooks;
// nor builds what got's dependencies would make at load time (Intl.ListFormat), nor stdin; and
// --help written to a pipe or to /dev/null loads no stream at all (src/output/fd.ts).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { world, type World } from '../helpers/dactl.js';
import { scratch } from './launch.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const deferred = ['https', 'tls', 'zlib', 'child_process', 'crypto', 'async_hooks'];

interface Loaded {
  code: number | null;
  /** Node's own modules loaded by the end. */
  modules: string[];
  /** Intl.ListFormat objects made. */
  listFormats: number;
  stderr: string;
}

/** Runs node with a preload that writes what was loaded and made by the end to fd 3. */
function loadedModules(
  args: string[],
  env: Record<string, string>,
  preload: string,
  stdout: 'pipe' | 'ignore' = 'pipe',
): Promise<Loaded> {
  return new Promise((resolve, reject) => {
    // 'ignore' gives the child /dev/null.
    const child = spawn(process.execPath, ['--require', preload, ...args], {
      env,
      stdio: ['ignore', stdout, 'pipe', 'pipe'],
    });
    child.stdout?.resume();
    let stderr = '';
    let listed = '';
    (child.stderr as Readable).setEncoding('utf8').on('data', (d: string) => (stderr += d));
    (child.stdio[3] as Readable).setEncoding('utf8').on('data', (d: string) => (listed += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const seen = JSON.parse(listed) as { modules: string[]; listFormats: number };
      resolve({ code, ...seen, stderr });
    });
  });
}

describe('start-up', () => {
  const tmp = scratch('dactl-startup-');
  const preload = join(tmp.dir, 'list-modules.cjs');
  let w: World;
  /** What Node loads for nothing at all (Node 20 loads async_hooks itself). */
  let own: string[];
  /** The deferred modules a run loaded that Node alone does not. */
  const loadedOfDeferred = (result: Loaded): string[] =>
    deferred.filter((m) => result.modules.includes(m) && !own.includes(m));
  before(async () => {
    writeFileSync(
      preload,
      [
        'let listFormats = 0;',
        'const ListFormat = Intl.ListFormat;',
        'Intl.ListFormat = class extends ListFormat {',
        '  constructor(...args) { super(...args); listFormats += 1; }',
        '};',
        "process.on('exit', () => require('node:fs').writeSync(3, JSON.stringify({",
        "  modules: process.moduleLoadList.filter((m) => m.startsWith('NativeModule '))",
        '    .map((m) => m.slice(13)),',
        '  listFormats,',
        '})));',
      ].join('\n'),
    );
    w = await world();
    own = (await loadedModules(['-e', '0'], tmp.env, preload)).modules;
  });
  after(async () => {
    await w.close();
    tmp.cleanup();
  });

  it('answers --version from package.json, without the bundle', async () => {
    const app = join(tmp.dir, 'no-bundle');
    for (const part of ['bin', 'package.json'])
      cpSync(join(root, part), join(app, part), { recursive: true });
    const result = await loadedModules(
      [join(app, 'bin', 'dactl.js'), '--version'],
      tmp.env,
      preload,
    );
    assert.equal(result.code, 0, result.stderr);
  });

  it('lists users over http without loading the deferred modules or stdin', async () => {
    const bin = join(root, 'bin', 'dactl.js');
    const result = await loadedModules(
      [bin, 'users', 'list', '-o', 'json'],
      w.envFor('admin'),
      preload,
    );
    assert.equal(result.code, 0, result.stderr);
    assert.ok(result.modules.includes('http'), 'the request went through node:http');
    assert.deepEqual(loadedOfDeferred(result), []);
    assert.equal(result.listFormats, 0, 'Intl.ListFormat loads ICU locale data');
    // process.stdin on /dev/null is an fs.ReadStream: nothing read, nothing built.
    assert.ok(!result.modules.includes('internal/fs/streams'), 'stdin was built');
  });

  for (const stdout of ['pipe', 'ignore'] as const) {
    const to = stdout === 'pipe' ? 'a pipe' : '/dev/null';
    it(`prints --help to ${to} without loading them, or streams at all`, async () => {
      const bin = join(root, 'bin', 'dactl.js');
      const result = await loadedModules([bin, '--help'], tmp.env, preload, stdout);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(loadedOfDeferred(result), []);
      assert.deepEqual(
        ['net', 'stream'].filter((m) => result.modules.includes(m) && !own.includes(m)),
        [],
      );
    });
  }
});
