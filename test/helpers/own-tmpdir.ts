// Loaded into every test file's process by scripts/test.mjs: the file gets a temporary directory
// of its own (named after it) as TMPDIR, removed at exit when empty. What a test leaves behind
// stays, and scripts/test.mjs names the file that left it and fails the run.
import { chmodSync, mkdtempSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const base = process.env.DACTL_TEST_TMP;
const file = process.argv[1];
if (base && /\.test\.m?ts$/.test(file ?? '')) {
  // A shard (scripts/test.mjs) is named after its first file.
  const first = process.env.DACTL_TEST_FILES?.split(',')[0] ?? file ?? '';
  const name = relative('test', first).replaceAll('/', '~');
  const dir = mkdtempSync(join(base, `${name}-`));
  // Sticky and open to all, as /tmp: some tests run dactl as another user (nobody).
  chmodSync(dir, 0o1777);
  process.env.TMPDIR = dir;
  process.on('exit', () => {
    // Node's own compile cache (tsx turns it on, Node 22.1 and later): the runner's, not a test's.
    rmSync(join(dir, 'node-compile-cache'), { recursive: true, force: true });
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  });
}
