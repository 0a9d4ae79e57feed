// profile rename and profile edit, in-process against two sandboxes sharing one state (so the
// saved password works on both): a plain one and one with a self-signed certificate, standing for
// a panel that moved to a new address. Edit re-pins with the saved key and no new login; nothing
// is saved when the input is wrong, the user is not asked, or the panel refuses or fails.
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import type { FaultKind } from '../../src/sandbox/types.js';
import { tempHome } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';

interface View {
  name: string;
  current: boolean;
  url: string;
  caCert: string | null;
  pinnedCert: string | null;
}

describe('profile rename and profile edit', () => {
  let plain: Sandbox;
  let tls: Sandbox;
  let data: string;
  let home: ReturnType<typeof tempHome>;
  before(async () => {
    data = mkdtempSync(join(tmpdir(), 'dactl-profile-edit-'));
    plain = await startSandbox({ port: 0, dataDir: data });
    tls = await startSandbox({ port: 0, tls: true, dataDir: data });
  });
  after(async () => {
    await plain.close();
    await tls.close();
    rmSync(data, { recursive: true, force: true });
  });
  beforeEach(async () => {
    home = tempHome();
    plain.clearFaults();
    tls.clearFaults();
    for (const name of ['prod', 'staging']) {
      const added = await dactl(
        ['profile', 'add', name, '--url', plain.url, '--username', 'admin', '--password-stdin'],
        password(),
      );
      assert.equal(added.code, 0, added.stderr);
    }
  });
  afterEach(() => {
    home.cleanup();
  });

  const password = () => plain.accounts.find((a) => a.username === 'admin')?.password ?? '';
  const dactl = (args: string[], input?: string) => runInProcess(args, { env: home.env, input });
  const file = () => join(home.configDir, 'config.json');
  const stored = () => readFileSync(file(), 'utf8');
  const fingerprint = () => new X509Certificate(tls.caCert ?? '').fingerprint256;
  const view = async (name: string): Promise<View> =>
    JSON.parse((await dactl(['profile', 'show', name, '-o', 'json'])).stdout) as View;

  describe('rename', () => {
    it('moves the profile and the current pointer; -o json shows it', async () => {
      const r = await dactl(['profile', 'rename', 'prod', 'live', '-o', 'json']);
      assert.equal(r.code, 0, r.stderr);
      const shown = JSON.parse(r.stdout) as View;
      assert.deepEqual([shown.name, shown.current, shown.url], ['live', true, plain.url]);
      const list = await dactl(['profile', 'list', '-o', 'json']);
      assert.deepEqual(
        (JSON.parse(list.stdout) as View[]).map((p) => p.name),
        ['live', 'staging'],
      );
      assert.equal((await dactl(['whoami'])).code, 0, 'the key went with it');
    });

    it('never overwrites a profile, and refuses bad or unknown names, changing nothing', async () => {
      const before = stored();
      const taken = await dactl(['profile', 'rename', 'prod', 'staging']);
      assert.equal(taken.code, 2);
      assert.match(taken.stderr, /already a profile named "staging"; nothing was changed/);
      const unknown = await dactl(['profile', 'rename', 'nope', 'other']);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /no profile named "nope"[\s\S]*prod, staging/);
      for (const bad of ['bad/name', '-x', '']) {
        const r = await dactl(['profile', 'rename', 'prod', bad]);
        assert.equal(r.code, 2, `${bad}: ${r.stderr}`);
      }
      assert.equal((await dactl(['profile', 'rename', 'prod'])).code, 2);
      assert.equal(stored(), before);
    });

    it('makes a profile dactl sandbox made the user’s own', async () => {
      const data = JSON.parse(stored()) as { profiles: Record<string, object> };
      data.profiles.prod = { ...data.profiles.prod, sandbox: true };
      writeFileSync(file(), JSON.stringify(data), { mode: 0o600 });
      assert.equal((await dactl(['profile', 'rename', 'prod', 'mine'])).code, 0);
      const after = JSON.parse(stored()) as { profiles: Record<string, { sandbox?: boolean }> };
      assert.equal(after.profiles.mine?.sandbox, undefined);
    });
  });

  describe('edit', () => {
    const move = (...extra: string[]) =>
      dactl(['profile', 'edit', 'prod', '--url', tls.url, ...extra]);

    it('a new address: pins its certificate and checks the saved key there, no login', async () => {
      const sent = tls.requests.length;
      const r = await move('--pin-cert', fingerprint(), '--yes', '-o', 'json');
      assert.equal(r.code, 0, r.stderr);
      const shown = JSON.parse(r.stdout) as View;
      assert.deepEqual([shown.url, shown.pinnedCert], [tls.url, fingerprint()]);
      const paths = tls.requests.slice(sent).map((q) => q.path);
      assert.ok(
        paths.some((p) => p.startsWith('/CMD_API_LOGIN_TEST')),
        paths.join(' '),
      );
      assert.ok(!paths.some((p) => p.includes('login-keys')), 'no new Login Key');
      assert.equal((await dactl(['whoami', '-p', 'prod'])).code, 0);
    });

    it('an address without a scheme is https://, and says so, as at login and profile add', async () => {
      const bare = tls.url.replace(/^https:\/\//, '');
      const r = await dactl([
        'profile',
        'edit',
        'prod',
        '--url',
        bare,
        '--pin-cert',
        fingerprint(),
      ]);
      assert.equal(r.code, 2, r.stderr);
      assert.ok(r.stderr.includes(`No scheme given: using ${tls.url}.`), r.stderr);
    });

    it('without a terminal: asks nothing, saves nothing, and says which flag', async () => {
      const before = stored();
      const unconfirmed = await move('--pin-cert', fingerprint());
      assert.equal(unconfirmed.code, 2, unconfirmed.stderr);
      assert.match(unconfirmed.stderr, /--yes/);
      const unpinned = await move('--yes');
      assert.equal(unpinned.code, 6, unpinned.stderr);
      assert.ok(unpinned.stderr.includes(fingerprint()), unpinned.stderr);
      assert.match(unpinned.stderr, /--pin-cert/);
      assert.equal((await dactl(['profile', 'edit', 'prod', '--repin'])).code, 0, 'plain http');
      assert.equal(stored(), before);
    });

    it('re-pins, or trusts a CA file instead', async () => {
      assert.equal((await move('--pin-cert', fingerprint(), '--yes')).code, 0);
      const wrong = await dactl(['profile', 'edit', 'prod', '--pin-cert', 'AB:'.repeat(31) + 'AB']);
      assert.equal(wrong.code, 6, wrong.stderr);
      assert.equal((await view('prod')).pinnedCert, fingerprint());
      const ca = join(home.dir, 'panel.pem');
      writeFileSync(ca, tls.caCert ?? '', { mode: 0o600 });
      const r = await dactl(['profile', 'edit', 'prod', '--ca-cert', ca]);
      assert.equal(r.code, 0, r.stderr);
      const shown = await view('prod');
      assert.deepEqual([shown.caCert, shown.pinnedCert], [ca, null]);
      assert.equal((await dactl(['whoami', '-p', 'prod'])).code, 0);
    });

    it('refuses malformed input and unknown profiles before sending anything', async () => {
      const before = stored();
      const sent = plain.requests.length + tls.requests.length;
      const cases: [string[], RegExp][] = [
        [['profile', 'edit', 'nope', '--url', plain.url], /no profile named "nope"/],
        [['profile', 'edit', 'prod'], /Nothing to change/],
        [['profile', 'edit', 'prod', '--url', 'ftp://panel'], /--url/],
        [['profile', 'edit', 'prod', '--url', ''], /--url/],
        [['profile', 'edit', 'bad/name', '--repin'], /profile name/],
        [['profile', 'edit', 'prod', '--pin-cert', 'nope'], /fingerprint|sha256|pin/i],
        [['profile', 'edit', 'prod', '--ca-cert', '/nonexistent.pem'], /no such file/],
        [
          ['profile', 'edit', 'prod', '--ca-cert', '/nonexistent.pem', '--pin-cert', fingerprint()],
          /not both/,
        ],
      ];
      for (const [args, said] of cases) {
        const r = await dactl(args);
        assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
        assert.match(r.stderr, said, args.join(' '));
      }
      assert.equal(plain.requests.length + tls.requests.length, sent);
      assert.equal(stored(), before);
    });

    it('saves nothing when the panel refuses the saved key or fails', async () => {
      const before = stored();
      const faults: [FaultKind | 'refused', number][] = [
        ['refused', 3],
        ['html', 5],
        ['status-500', 6],
        ['reset', 6],
        ['garbage', 5],
      ];
      for (const [kind, code] of faults) {
        const undo = kind === 'refused' ? withPassword('wrong') : undefined;
        const expected = stored();
        if (kind !== 'refused') plain.fault({ kind, path: '/CMD_API_LOGIN_TEST' });
        const r = await dactl(['profile', 'edit', 'prod', '--url', `${plain.url}/`, '--yes']);
        plain.clearFaults();
        assert.equal(r.code, code, `${kind}: ${r.stderr}`);
        assert.equal(stored(), expected, kind);
        undo?.();
      }
      plain.fault({ kind: 'hang', path: '/CMD_API_LOGIN_TEST' });
      const args = ['--timeout', '1', 'profile', 'edit', 'prod', '--url', `${plain.url}/`];
      const timedOut = await dactl(args);
      assert.equal(timedOut.code, 6, timedOut.stderr);
      assert.equal(stored(), before);
    });

    /** Stores another password in prod; returns the undo. */
    function withPassword(secret: string): () => void {
      const text = stored();
      const data = JSON.parse(text) as { profiles: Record<string, { password?: string }> };
      const prod = data.profiles.prod;
      if (prod) prod.password = secret;
      writeFileSync(file(), JSON.stringify(data), { mode: 0o600 });
      return () => {
        writeFileSync(file(), text, { mode: 0o600 });
      };
    }
  });
});
