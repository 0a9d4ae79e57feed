// `dactl sandbox` as scripts use it: one JSON line when ready, a profile, a clean stop.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
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

/** Sandboxes still running: a failed assertion must not leave one behind to hold the run open. */
const running = new Set<ChildProcess>();

function startCommand(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [bin, 'sandbox', '--port', '0', '-o', 'json', ...args], {
    env,
  });
  running.add(child);
  child.on('close', () => running.delete(child));
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
  // 'close': the exit code once all its output is read, so stderr() is whole by then.
  const exited = new Promise<number | null>((resolve) => {
    child.on('close', resolve);
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
    for (const child of running) child.kill('SIGKILL');
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

  it('never replaces a "sandbox" profile it did not make: it saves "sandbox-2" and says so', async () => {
    const h = home();
    const url = 'https://panel.example.com:2222';
    const added = await run(
      [
        'profile',
        'add',
        'sandbox',
        '--url',
        url,
        '--username',
        'admin',
        '--no-verify',
        '--password-stdin',
      ],
      { env: h.env, input: 'production-secret\n' },
    );
    assert.equal(added.code, 0, added.stderr);
    const profiles = () =>
      (
        JSON.parse(readFileSync(join(h.configDir, 'config.json'), 'utf8')) as {
          profiles: Record<string, { url: string; password?: string }>;
        }
      ).profiles;
    for (const round of [1, 2]) {
      const s = startCommand([], h.env);
      const ready = await s.ready;
      // Its own "sandbox-2" is reused on the second start, never "sandbox-3".
      assert.equal(ready.profile, 'sandbox-2', `round ${String(round)}`);
      assert.deepEqual(profiles().sandbox, {
        url,
        username: 'admin',
        password: 'production-secret',
      });
      assert.equal(profiles()['sandbox-2']?.url, ready.url);
      const who = await run(['whoami', '-p', 'sandbox-2', '-o', 'json'], { env: h.env });
      assert.equal(who.code, 0, who.stderr);
      s.child.kill('SIGTERM');
      assert.equal(await s.exited, 0);
      assert.match(
        s.stderr(),
        /Profile "sandbox" is not one dactl sandbox made, so it is left as it is; this panel's profile is "sandbox-2"/,
      );
    }
    assert.deepEqual(Object.keys(profiles()).sort(), ['sandbox', 'sandbox-2']);
  });

  it('--panels leaves a user\'s "sb-1" alone too', async () => {
    const h = home();
    const added = await run(
      [
        'profile',
        'add',
        'sb-1',
        '--url',
        'https://panel.example.com:2222',
        '--username',
        'admin',
        '--no-verify',
        '--password-stdin',
      ],
      { env: h.env, input: 'production-secret\n' },
    );
    assert.equal(added.code, 0, added.stderr);
    const s = startCommand(['--panels', '2'], h.env);
    const ready = (await s.ready) as unknown as { panels: { profile: string | null }[] };
    assert.deepEqual(
      ready.panels.map((p) => p.profile),
      ['sb-1-2', 'sb-2'],
    );
    s.child.kill('SIGTERM');
    assert.equal(await s.exited, 0);
    assert.match(
      s.stderr(),
      /Profile "sb-1" is not one dactl sandbox made, so it is left as it is/,
    );
    const saved = JSON.parse(readFileSync(join(h.configDir, 'config.json'), 'utf8')) as {
      profiles: Record<string, { url: string }>;
    };
    assert.equal(saved.profiles['sb-1']?.url, 'https://panel.example.com:2222');
  });

  it('replaces its own "sandbox" profile on the next start', async () => {
    const h = home();
    for (const round of [1, 2]) {
      const s = startCommand([], h.env);
      const ready = await s.ready;
      assert.equal(ready.profile, 'sandbox', `round ${String(round)}`);
      s.child.kill('SIGTERM');
      assert.equal(await s.exited, 0);
      assert.doesNotMatch(s.stderr(), /left as it is/);
    }
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
