// A profile's secret goes only to the panel it was saved for: not to another DACTL_URL, not
// through a redirect, and dactl says so when it would cross the network in clear.
import assert from 'node:assert/strict';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { json, run, tempHome, world, type World } from '../helpers/dactl.js';
import { basic, recorder, type Recorder } from '../helpers/recorder.js';

const count = (text: string, pattern: RegExp): number =>
  text.split('\n').filter((line) => pattern.test(line)).length;

describe('a profile’s secret stays with its panel', () => {
  let w: World;
  let other: Recorder;
  before(async () => {
    w = await world({}, { inProcess: true });
    other = await recorder();
  });
  beforeEach(() => {
    w.home.cleanup();
    w.home = tempHome();
    other.seen.length = 0;
  });
  after(async () => {
    await other.close();
    await w.close();
  });

  const addLab = async (extra: string[] = []): Promise<void> => {
    const args = ['profile', 'add', 'lab', '--url', w.sandbox.url, '--username', 'admin', ...extra];
    const added = await w.dactl(args, { input: w.password('admin') });
    assert.equal(added.code, 0, added.stderr);
  };
  const saved = ['--password-stdin'];

  it('DACTL_URL naming another panel, without DACTL_USERNAME and DACTL_PASSWORD → exit 2, nothing sent', async () => {
    await addLab(saved);
    for (const extra of [[], ['--profile', 'lab']]) {
      const result = await w.dactl(['whoami', ...extra], { env: { DACTL_URL: other.url } });
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /not the panel of profile "lab"/);
      assert.match(result.stderr, /DACTL_USERNAME and DACTL_PASSWORD are not set/);
      assert.match(result.stderr, /Nothing was sent/);
      assert.ok(!(result.stdout + result.stderr).includes(w.password('admin')));
    }
    const noPassword = await w.dactl(['whoami'], {
      env: { DACTL_URL: other.url, DACTL_USERNAME: 'admin' },
    });
    assert.equal(noPassword.code, 2);
    assert.match(noPassword.stderr, /DACTL_PASSWORD/);
    assert.deepEqual(other.seen, []);
  });

  it('with DACTL_USERNAME and DACTL_PASSWORD, the other panel gets those and never the profile’s', async () => {
    await addLab(saved);
    const result = await w.dactl(['whoami'], {
      env: { DACTL_URL: other.url, DACTL_USERNAME: 'ops', DACTL_PASSWORD: 'its-own-key' },
    });
    assert.notEqual(result.code, 0, 'the recorder is no panel');
    assert.equal(other.seen.length, 1);
    assert.equal(basic(other.seen[0]?.authorization), 'ops:its-own-key');
  });

  it('a profile’s password command is not even run for another panel', async () => {
    const marker = join(w.home.dir, 'command-ran');
    const command = `touch '${marker}'; printf '%s\\n' '${w.password('admin')}'`;
    await addLab(['--password-command', command, '--no-verify']);
    rmSync(marker); // profile add runs it once
    const refused = await w.dactl(['whoami', '--profile', 'lab'], {
      env: { DACTL_URL: other.url, DACTL_USERNAME: 'admin' },
    });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /DACTL_PASSWORD is not set/);
    const elsewhere = await w.dactl(['whoami'], {
      env: { DACTL_URL: other.url, DACTL_USERNAME: 'admin', DACTL_PASSWORD: 'x' },
    });
    assert.notEqual(elsewhere.code, 0);
    assert.equal(existsSync(marker), false);
    assert.equal(basic(other.seen[0]?.authorization), 'admin:x');
  });

  it('DACTL_URL naming the profile’s own panel (written differently) uses the profile', async () => {
    await addLab(saved);
    const result = await w.dactl(['whoami', '-o', 'json'], {
      env: { DACTL_URL: `${w.sandbox.url.replace('http://', 'HTTP://')}/` },
    });
    assert.equal(result.code, 0, result.stderr);
    assert.equal((json(result) as { username: string }).username, 'admin');
  });
});

describe('redirects never carry the Authorization header', () => {
  let target: Recorder;
  const home = tempHome();
  before(async () => {
    target = await recorder();
  });
  after(async () => {
    await target.close();
    home.cleanup();
  });

  const redirector = (tls: boolean): Promise<Recorder> =>
    recorder({
      tls,
      answer: (_req, res) =>
        res.writeHead(302, { Location: `${target.url}/CMD_API_LOGIN_TEST` }).end(),
    });

  for (const [name, tls] of [
    ['to another origin', false],
    ['from https to http', true],
  ] as const) {
    it(`a redirect ${name} → exit 6, nothing reaches the target`, async () => {
      const panel = await redirector(tls);
      try {
        const ca = join(home.dir, 'panel.pem');
        if (panel.caCert) writeFileSync(ca, panel.caCert);
        const env = { DACTL_URL: panel.url, DACTL_USERNAME: 'admin', DACTL_PASSWORD: 'marker-pw' };
        const args = ['whoami', ...(tls ? ['--ca-cert', ca] : [])];
        const result = await run(args, { env: { ...home.env, ...env } });
        assert.equal(result.code, 6, result.stderr);
        assert.match(result.stderr, /redirect/);
        assert.equal(panel.seen.length, 1);
        assert.deepEqual(target.seen, []);
      } finally {
        await panel.close();
      }
    });
  }
});

describe('warnings on every run', () => {
  let w: World;
  before(async () => {
    w = await world({}, { inProcess: true });
  });
  after(() => w.close());

  const external = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

  it('Basic auth over plain http:// to another machine warns once; loopback does not', async (t) => {
    const local = await w.dactl(['whoami'], { env: w.envFor('admin') });
    assert.equal(local.code, 0, local.stderr);
    assert.equal(count(local.stderr, /plain HTTP/), 0);
    if (!external) {
      t.skip('no network interface besides loopback');
      return;
    }
    const panel = await recorder({ host: external });
    try {
      const env = { DACTL_URL: panel.url, DACTL_USERNAME: 'admin', DACTL_PASSWORD: 'pw' };
      const run = await w.dactl(['whoami'], { env });
      assert.equal(count(run.stderr, /plain HTTP: the password crosses the network in clear/), 1);
      const add = (extra: string[]) =>
        w.dactl(
          [
            'profile',
            'add',
            'far',
            '--url',
            panel.url,
            '--username',
            'a',
            '--password-stdin',
            ...extra,
          ],
          {
            input: 'pw',
          },
        );
      const unverified = await add(['--no-verify']);
      assert.equal(unverified.code, 0, unverified.stderr);
      assert.equal(count(unverified.stderr, /plain HTTP/), 1);
      const verified = await add(['--yes']);
      assert.equal(count(verified.stderr, /plain HTTP/), 1);
    } finally {
      await panel.close();
    }
  });

  it('a profile saved with --insecure warns on every run, once, with or without the flag', async () => {
    const add = await w.dactl(
      [
        'profile',
        'add',
        'lax',
        '--url',
        w.sandbox.url,
        '--username',
        'admin',
        '--password-stdin',
        '--insecure',
      ],
      { input: w.password('admin') },
    );
    assert.equal(add.code, 0, add.stderr);
    assert.equal(count(add.stderr, /certificate is not checked/), 1);
    for (const extra of [[], ['--insecure']]) {
      const result = await w.dactl(['whoami', '--profile', 'lax', ...extra]);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(count(result.stderr, /certificate is not checked/), 1, result.stderr);
    }
  });
});
