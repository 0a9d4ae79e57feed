// The npm package as installed: `npm pack`, unpacked where no node_modules can be found, runs.
// Packs the dist/ that `npm test` has just built (--ignore-scripts: prepack would rebuild dist/
// under the feet of the end-to-end tests running beside this one).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { exec, sandbox, scratch } from './launch.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const version = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
).version;

interface Packed {
  filename: string;
  files: { path: string }[];
}

describe('the packed npm tarball', () => {
  const tmp = scratch('dactl-pack-');
  const pkg = join(tmp.dir, 'package');
  const bin = join(pkg, 'bin', 'dactl.js');
  let packed: Packed;

  before(() => {
    assert.ok(existsSync(join(root, 'dist', 'main.cjs')), 'run `npm run build` first');
    const out = execFileSync(
      'npm',
      ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp.dir],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const list = JSON.parse(out) as Packed[];
    assert.equal(list.length, 1);
    packed = list[0] as Packed;
    execFileSync('tar', ['-xzf', join(tmp.dir, packed.filename), '-C', tmp.dir]);
  });
  after(() => {
    tmp.cleanup();
  });

  it('holds the launcher, the bundle, completions, README, licences and package.json only', () => {
    const tops = new Set(packed.files.map((f) => f.path.split('/')[0]));
    assert.deepEqual([...tops].sort(), [
      'LICENSE',
      'README.md',
      'bin',
      'completions',
      'dist',
      'package.json',
    ]);
    assert.ok(packed.files.some((f) => f.path === 'dist/main.cjs'));
    assert.ok(packed.files.some((f) => f.path === 'dist/THIRD-PARTY-LICENSES.txt'));
    // Each file of the bundle with its source map, for the stacks of --debug.
    const paths = new Set(packed.files.map((f) => f.path));
    const scripts = [...paths].filter(
      (p) => p.startsWith('dist/') && p.endsWith('.cjs') && p !== 'dist/launch.cjs',
    );
    assert.deepEqual(
      scripts.filter((p) => !paths.has(`${p}.map`)),
      [],
    );
    assert.ok(!packed.files.some((f) => f.path.startsWith('dist/sea/')), 'no single executable');
    assert.ok(!existsSync(join(pkg, 'node_modules')));
  });

  it('declares no dependencies and runs nothing at install', () => {
    const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as {
      dependencies?: object;
      scripts?: Record<string, string>;
    };
    assert.equal(manifest.dependencies, undefined);
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) {
      assert.equal(manifest.scripts?.[hook], undefined, `${hook} script`);
    }
  });

  it('prints its version with no node_modules anywhere', async () => {
    const result = await exec(process.execPath, [bin, '--version'], tmp.env, tmp.dir);
    assert.equal(result.stderr, '');
    assert.equal(
      result.stdout,
      `dactl ${version} (node ${process.version}, ${process.platform}-${process.arch})\n`,
    );
    assert.equal(result.code, 0);
  });

  it('starts its own sandbox and lists its users through the saved profile', async () => {
    const started = await sandbox(process.execPath, [bin], tmp.env, tmp.dir);
    try {
      assert.equal(started.profile, 'sandbox');
      const result = await exec(
        process.execPath,
        [bin, 'users', 'list', '-o', 'json', '--profile', 'sandbox'],
        tmp.env,
        tmp.dir,
      );
      assert.equal(result.code, 0, result.stderr);
      const users = JSON.parse(result.stdout) as { username: string }[];
      assert.ok(users.some((u) => u.username === 'admin'));
    } finally {
      await started.stop();
    }
  });
});
