// Files dactl reads that are not what they should be: a device that never ends, a FIFO, a file
// another user can change. Each ends with its exit code and a message naming the file, at once.
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runInProcess } from '../helpers/in-process.js';

const root = process.geteuid?.() === 0;

describe('hostile files', () => {
  let dir: string;
  let env: Record<string, string>;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'dactl-hostile-'));
    env = {
      HOME: dir,
      DACTL_CONFIG_DIR: join(dir, 'config'),
      DACTL_URL: 'https://127.0.0.1:9',
      DACTL_USERNAME: 'admin',
      DACTL_PASSWORD: 'pw',
      CI: 'true',
    };
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('--template-file /dev/zero stops at the input limit (exit 2)', async () => {
    const result = await runInProcess(
      ['unit', 'templates', 'list', 'apps', '--template-file', '/dev/zero'],
      { env },
    );
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /template file \/dev\/zero: more than 16 MiB/);
  });

  it('--ca-cert of a device is refused (exit 3), never read', async () => {
    for (const device of ['/dev/zero', '/dev/urandom']) {
      const result = await runInProcess(['whoami', '--ca-cert', device], { env });
      assert.equal(result.code, 3, result.stderr);
      assert.match(result.stderr, new RegExp(`CA certificate ${device}: it is not a regular file`));
    }
  });

  it(
    '--ca-cert or the own template set another user can change is refused (exit 3)',
    {
      skip: root ? false : 'needs root to give a file to another user',
    },
    async () => {
      const ca = join(dir, 'ca.pem');
      writeFileSync(ca, '-----BEGIN CERTIFICATE-----\n');
      chownSync(ca, 65534, 65534);
      const byCa = await runInProcess(['whoami', '--ca-cert', ca], { env });
      assert.equal(byCa.code, 3, byCa.stderr);
      assert.match(byCa.stderr, /it belongs to another user \(uid 65534\)/);
      const templates = join(dir, 'config', 'templates');
      mkdirSync(templates, { recursive: true, mode: 0o700 });
      writeFileSync(join(templates, 'unit_apps.json'), '{}');
      chmodSync(join(templates, 'unit_apps.json'), 0o666);
      const bySet = await runInProcess(['unit', 'templates', 'list'], { env });
      assert.equal(bySet.code, 3, bySet.stderr);
      assert.match(bySet.stderr, /template file .*unit_apps\.json: other users can write to it/);
    },
  );
});
