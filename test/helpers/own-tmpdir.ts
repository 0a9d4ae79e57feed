// Loaded into every test file's process by scripts/test.mjs: the file gets a temporary directory
// of its own (named after it) as TMPDIR, removed at exit when empty. What a test leaves behind
// stays, and scripts/test.mjs names the file that left it and fails the run.
import { chmodSync, mkdtempSync, readdirSync, rmdirSync } from 'node:fs';
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
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  });
}
