// A panel with a self-signed certificate: login and profile add show its fingerprint and pin it
// (--pin-cert without a terminal); later runs trust exactly it, and a new one is exit 6 naming both.
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { tempHome } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';

const fingerprint = (sb: Sandbox): string => new X509Certificate(sb.caCert ?? '').fingerprint256;

describe('pinned certificates', () => {
  let sb: Sandbox;
  let data: string;
  const home = tempHome();
  before(async () => {
    data = mkdtempSync(join(tmpdir(), 'dactl-pin-'));
    sb = await startSandbox({ port: 0, tls: true, dataDir: data });
  });
  after(async () => {
    await sb.close();
    home.cleanup();
    rmSync(data, { recursive: true, force: true });
  });
  const admin = (): string => sb.accounts.find((a) => a.username === 'admin')?.password ?? '';
  const dactl = (args: string[], input?: string) => runInProcess(args, { env: home.env, input });
  const login = (extra: string[]) =>
    dactl(
      ['login', '-p', 'tls', '--url', sb.url, '--username', 'admin', '--password-stdin', ...extra],
      admin(),
    );

  it('without a terminal, an unknown self-signed certificate is exit 6 showing its fingerprint', async () => {
    const sent = sb.requests.length;
    const r = await login([]);
    assert.equal(r.code, 6, r.stderr);
    assert.ok(r.stderr.includes(fingerprint(sb)), r.stderr);
    assert.match(r.stderr, /Subject: CN=localhost/);
    assert.match(r.stderr, /--pin-cert/);
    assert.equal(sb.requests.length, sent, 'no request, only a handshake');
  });

  it('--pin-cert naming another certificate is exit 6 naming both', async () => {
    const other = 'AA:'.repeat(31) + 'AA';
    const r = await login(['--pin-cert', other]);
    assert.equal(r.code, 6, r.stderr);
    assert.ok(r.stderr.includes(other) && r.stderr.includes(fingerprint(sb)), r.stderr);
    assert.equal((await login(['--pin-cert', 'nope'])).code, 2);
  });

  it('--pin-cert pins it; later runs trust it; a new certificate is exit 6 naming both', async () => {
    const pinned = fingerprint(sb);
    const r = await login(['--pin-cert', pinned.replace(/:/g, '').toLowerCase()]);
    assert.equal(r.code, 0, r.stderr);
    const shown = await dactl(['profile', 'show', 'tls', '-o', 'json']);
    assert.equal((JSON.parse(shown.stdout) as { pinnedCert: string }).pinnedCert, pinned);
    assert.equal((await dactl(['users', 'list', '-p', 'tls'])).code, 0);

    const port = new URL(sb.url).port;
    await sb.close();
    sb = await startSandbox({ port: Number(port), tls: true, dataDir: data });
    assert.notEqual(fingerprint(sb), pinned, 'a new certificate at each start');
    const refused = await dactl(['whoami', '-p', 'tls']);
    assert.equal(refused.code, 6, refused.stderr);
    assert.ok(refused.stderr.includes(pinned), refused.stderr);
    assert.ok(refused.stderr.includes(fingerprint(sb)), refused.stderr);
    assert.match(refused.stderr, /not the one pinned in the profile/);
    const repinned = await login(['--pin-cert', fingerprint(sb)]);
    assert.equal(repinned.code, 0, repinned.stderr);
    assert.equal((await dactl(['whoami', '-p', 'tls'])).code, 0);
  });

  it('profile add pins with --pin-cert too, and --insecure still skips the check', async () => {
    const r = await dactl(
      [
        'profile',
        'add',
        'added',
        '--url',
        sb.url,
        '--username',
        'admin',
        '--password-stdin',
      ].concat(['--pin-cert', fingerprint(sb)]),
      admin(),
    );
    assert.equal(r.code, 0, r.stderr);
    const file = JSON.parse(readFileSync(join(home.configDir, 'config.json'), 'utf8')) as {
      profiles: { added: { pinnedCert: { sha256: string } } };
    };
    assert.equal(file.profiles.added.pinnedCert.sha256, fingerprint(sb));
    assert.equal((await dactl(['whoami', '-p', 'added'])).code, 0);
    assert.equal((await dactl(['whoami', '-p', 'tls', '--insecure'])).code, 0);
  });
});
