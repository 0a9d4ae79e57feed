// `dactl sandbox` as scripts use it: one JSON line when ready, a profile, a clean stop.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { bin, json, run, tempHome } from '../helpers/dactl.js';

interface Ready {
  url: string;
  accounts: { username: string; password: string; role: string }[];
  profile: string | null;
  caCert: string | null;
}

function startCommand(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [bin, 'sandbox', '--port', '0', '-o', 'json', ...args], {
    env,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const ready = new Promise<Ready>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(JSON.parse(line) as Ready);
    });
    child.on('exit', (code) => {
      reject(new Error(`sandbox exited ${String(code)}: ${stderr}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', resolve);
  });
  return { child, ready, exited, stderr: () => stderr };
}

describe('dactl sandbox', () => {
  const homes: ReturnType<typeof tempHome>[] = [];
  const home = (): ReturnType<typeof tempHome> => {
    const h = tempHome();
    homes.push(h);
    return h;
  };
  afterEach(() => {
    for (const h of homes.splice(0)) h.cleanup();
  });

  it('prints one JSON line with the accounts, saves the "sandbox" profile, stops on SIGTERM', async () => {
    const h = home();
    const s = startCommand([], h.env);
    const ready = await s.ready;
    assert.match(ready.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(
      ready.accounts.map((a) => a.role),
      ['admin', 'reseller', 'user', 'user'],
    );
    assert.equal(ready.profile, 'sandbox');
    const users = await run(['users', 'list', '-o', 'json'], { env: h.env });
    assert.equal(users.code, 0, users.stderr);
    assert.equal((json(users) as unknown[]).length, 4);
    s.child.kill('SIGTERM');
    assert.equal(await s.exited, 0);
  });

  it('--no-profile writes nothing; SIGINT stops it too', async () => {
    const h = home();
    const s = startCommand(['--no-profile'], h.env);
    const ready = await s.ready;
    assert.equal(ready.profile, null);
    assert.equal(existsSync(join(h.configDir, 'config.json')), false);
    s.child.kill('SIGINT');
    assert.equal(await s.exited, 0);
  });

  it('--data-dir keeps accounts across restarts', async () => {
    const h = home();
    const dataDir = join(h.dir, 'state');
    const first = startCommand(['--data-dir', dataDir, '--no-profile'], h.env);
    const a = await first.ready;
    first.child.kill('SIGTERM');
    await first.exited;
    assert.equal(statSync(dataDir).mode & 0o777, 0o700);
    const second = startCommand(['--data-dir', dataDir, '--no-profile'], h.env);
    const b = await second.ready;
    second.child.kill('SIGTERM');
    await second.exited;
    assert.deepEqual(b.accounts, a.accounts);
  });

  it('--tls serves HTTPS; the saved profile trusts its certificate', async () => {
    const h = home();
    const s = startCommand(['--tls'], h.env);
    const ready = await s.ready;
    assert.match(ready.url, /^https:/);
    assert.ok(ready.caCert);
    assert.match(readFileSync(ready.caCert, 'utf8'), /BEGIN CERTIFICATE/);
    const whoami = await run(['whoami', '-o', 'json'], { env: h.env });
    assert.equal(whoami.code, 0, whoami.stderr);
    s.child.kill('SIGTERM');
    assert.equal(await s.exited, 0);
  });

  it('a bad --port is exit 2; a port in use says so', async () => {
    const h = home();
    const bad = await run(['sandbox', '--port', 'http'], { env: h.env });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--port/);
    const s = startCommand(['--no-profile'], h.env);
    const ready = await s.ready;
    const port = new URL(ready.url).port;
    const busy = await run(['sandbox', '--port', port, '--no-profile'], { env: h.env });
    assert.equal(busy.code, 2);
    assert.match(busy.stderr, /already in use/);
    s.child.kill('SIGTERM');
    await s.exited;
  });
});
