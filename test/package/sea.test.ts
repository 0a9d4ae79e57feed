// The single executable (`npm run sea`) on a machine without Node: no PATH, nothing but a home
// and a config dir in its environment. Runs when DACTL_SEA_BIN names the executable to check
// (.ci/run sets it after building one), since building takes a 30 MB Node download and a minute.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { exec, sandbox, scratch } from './launch.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const version = (
  JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string }
).version;
const given = process.env.DACTL_SEA_BIN;

describe(
  'the single executable',
  { skip: given ? false : 'set DACTL_SEA_BIN to an executable built by npm run sea' },
  () => {
    const binary = resolve(root, given ?? '');
    const tmp = scratch('dactl-sea-');
    after(() => {
      tmp.cleanup();
    });

    it('prints its version with no Node on PATH', async () => {
      const result = await exec(binary, ['--version'], tmp.env, tmp.dir);
      assert.equal(result.stderr, '');
      // The Node inside the executable, not the one running the tests.
      assert.match(result.stdout, /^dactl \S+ \(node v\d+\.\d+\.\d+, linux-x64\)\n$/);
      assert.ok(result.stdout.startsWith(`dactl ${version} (`));
      assert.equal(result.code, 0);
    });

    it('starts its own sandbox and lists its users twice, the second time with its code cache', async () => {
      const started = await sandbox(binary, [], tmp.env, tmp.dir);
      try {
        assert.equal(started.profile, 'sandbox');
        for (const run of ['first', 'cached']) {
          const result = await exec(binary, ['users', 'list', '-o', 'json'], tmp.env, tmp.dir);
          assert.equal(result.code, 0, `${run}: ${result.stderr}`);
          const users = JSON.parse(result.stdout) as { username: string }[];
          assert.ok(
            users.some((u) => u.username === 'admin'),
            run,
          );
        }
        // The chunks' code cache, in the user's cache directory as for the npm package.
        const caches = join(tmp.env.HOME ?? '', '.cache', 'dactl');
        // Beside it sits the completion names cache (`completion/`), which users list fills.
        const builds = readdirSync(caches).filter((name) => name !== 'completion');
        assert.equal(builds.length, 1, builds.join(', '));
        const [build] = builds;
        assert.match(build ?? '', /^[0-9a-f]{16}-node\d+\.\d+\.\d+-x64$/);
        assert.ok(existsSync(join(caches, build ?? '', 'users-list.bin')));
      } finally {
        await started.stop();
      }
    });

    it('reports a usage error with its exit code, as the npm package does', async () => {
      const result = await exec(binary, ['users', 'list', '--output', 'xml'], tmp.env, tmp.dir);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /xml/);
    });
  },
);
