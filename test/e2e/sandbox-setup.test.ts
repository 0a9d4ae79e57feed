// `dactl sandbox` set-up mistakes end with exit 2, the value or path at fault and the fix: never
// exit 1, and never a server left running.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { run, tempHome } from '../helpers/dactl.js';

describe('dactl sandbox set-up errors', () => {
  const h = tempHome();
  after(() => {
    h.cleanup();
  });
  const sandbox = (args: string[]) =>
    run(['sandbox', '--port', '0', '--no-profile', ...args], { env: h.env });
  const oneLine = (stderr: string): void => {
    assert.doesNotMatch(stderr, /\n\s+at /);
    assert.match(stderr, /^error: .*\nhint: /);
  };

  it('a corrupt or foreign state file, or a directory in its place, names the path', async () => {
    const cases: [string, RegExp][] = [
      ['{ not json', /state\.json" is not valid JSON/],
      ['{"users":["x"]}', /state\.json" is not a dactl sandbox state file/],
    ];
    for (const [i, [text, message]] of cases.entries()) {
      const dir = join(h.dir, `state-${String(i)}`);
      mkdirSync(dir);
      writeFileSync(join(dir, 'state.json'), text);
      const result = await sandbox(['--data-dir', dir]);
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, message);
      assert.match(result.stderr, /Move it away/);
      oneLine(result.stderr);
    }
    const dir = join(h.dir, 'state-dir');
    mkdirSync(join(dir, 'state.json'), { recursive: true });
    const result = await sandbox(['--data-dir', dir]);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /state\.json" is a directory/);
    const file = join(h.dir, 'a-file');
    writeFileSync(file, '');
    const onFile = await sandbox(['--data-dir', file]);
    assert.equal(onFile.code, 2, onFile.stderr);
    assert.match(onFile.stderr, /a-file" is not a directory/);
    oneLine(onFile.stderr);
  });

  it('a malformed, unresolvable or foreign --host names it and says what to give', async () => {
    const cases: [string, RegExp][] = [
      ['http://127.0.0.1', /--host "http:\/\/127\.0\.0\.1": no such address or host name/],
      ['no-such-host.invalid', /--host "no-such-host\.invalid": no such address/],
      ['192.0.2.1', /--host "192\.0\.2\.1" is not an address of this machine/],
    ];
    for (const [host, message] of cases) {
      const result = await sandbox(['--host', host]);
      assert.equal(result.code, 2, `${host}: ${result.stderr}`);
      assert.match(result.stderr, message);
      assert.match(result.stderr, /127\.0\.0\.1 \(the default\)/);
      oneLine(result.stderr);
    }
  });
});
