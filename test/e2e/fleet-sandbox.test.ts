// `dactl sandbox --panels 3` and fleet runs against it: selection by environment, changes
// confirmed once (or refused without a terminal), dry runs per panel, bad fleet options.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, it, test } from 'node:test';
import { bin, json, run, tempHome, type RunOptions } from '../helpers/dactl.js';
import { runInPty, needsPty } from '../helpers/pty.js';

/** Stops a sandbox and waits until it has gone: it writes to its home (a code cache) on the way out. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await gone;
}

interface Panel {
  profile: string;
  url: string;
  port: number;
  accounts: { username: string; role: string }[];
}

describe('fleet over dactl sandbox --panels 3', () => {
  const home = tempHome();
  const dactl = (args: string[], options: RunOptions = {}) =>
    run(args, { ...options, env: { ...home.env, ...options.env } });
  const child = spawn(process.execPath, [bin, 'sandbox', '--panels', '3', '-o', 'json'], {
    env: home.env,
  });
  let panels: Panel[] = [];

  before(async () => {
    panels = await new Promise<Panel[]>((resolve, reject) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        if (out.includes('\n'))
          resolve((JSON.parse(out.split('\n')[0] ?? '') as { panels: Panel[] }).panels);
      });
      child.on('exit', (code) => {
        reject(new Error(`sandbox exited ${String(code)}`));
      });
    });
  });
  after(async () => {
    await stop(child);
    home.cleanup();
  });

  test('the ready line names three panels on their own ports, saved as sb-1 … sb-3', async () => {
    assert.deepEqual(
      panels.map((p) => p.profile),
      ['sb-1', 'sb-2', 'sb-3'],
    );
    assert.equal(new Set(panels.map((p) => p.port)).size, 3);
    for (const p of panels) assert.equal(p.url, `http://127.0.0.1:${String(p.port)}`);
    const list = await dactl(['profile', 'list', '-o', 'json']);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /sb-3/);
  });

  test('DACTL_PROFILE takes a glob like -p; whoami answers {profile, result} per panel', async () => {
    const result = await dactl(['whoami', '-o', 'json', '--sort', 'profile', '--parallel', '2'], {
      env: { DACTL_PROFILE: 'sb-*' },
    });
    assert.equal(result.code, 0, result.stderr);
    const rows = json(result) as { profile: string; result: { url: string } }[];
    assert.deepEqual(
      rows.map((r) => [r.profile, r.result.url]),
      panels.map((p) => [p.profile, p.url]),
    );
  });

  test("a change: --dry-run prints each panel's own request; no terminal needs --yes", async () => {
    const create = [
      'user',
      'create',
      '-p',
      'sb-1,sb-3',
      '--username',
      'fleetuser',
      '--email',
      'f@example.com',
      '--domain',
      'fleetuser.example.com',
      '--package',
      'default',
      '--ip',
      '127.0.0.1',
      '--generate-password',
    ];
    const dry = await dactl([...create, '--dry-run', '-o', 'json', '--sort', 'profile']);
    assert.equal(dry.code, 0, dry.stderr);
    const requests = json(dry) as { profile: string; result: { request: { url: string } } }[];
    assert.deepEqual(
      requests.map((r) => [r.profile, new URL(r.result.request.url).origin]),
      [
        ['sb-1', panels[0]?.url],
        ['sb-3', panels[2]?.url],
      ],
    );
    const refused = await dactl(create);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /change over 2 panels needs confirmation: pass --yes/);
    const users = async (): Promise<string[]> => {
      const r = await dactl(['users', 'list', '-p', 'sb-*', '-o', 'tsv', '--sort', 'profile']);
      return r.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t').slice(0, 2).join('\t'))
        .filter((l) => l.endsWith('\tfleetuser'));
    };
    assert.deepEqual(await users(), []);
    const done = await dactl([...create, '--yes']);
    assert.equal(done.code, 0, done.stderr);
    assert.deepEqual(await users(), ['sb-1\tfleetuser', 'sb-3\tfleetuser']);
  });

  test('stdin is read once and given to every panel (--password-stdin)', async () => {
    const result = await dactl(
      [
        'user',
        'create',
        '-p',
        'sb-2,sb-3',
        '--username',
        'stdinuser',
        '--email',
        's@example.com',
        '--domain',
        'stdinuser.example.com',
        '--package',
        'default',
        '--ip',
        '127.0.0.1',
        '--password-stdin',
        '--yes',
      ],
      { input: 'Stdin-Secret-123\n' },
    );
    assert.equal(result.code, 0, result.stderr);
    // The records on stdout, PROFILE first; the messages on stderr, each naming its panel.
    assert.match(result.stdout, /^sb-2 +stdinuser +s@example\.com/m);
    assert.match(result.stdout, /^sb-3 +stdinuser +s@example\.com/m);
    assert.match(result.stderr, /sb-2: ✓ User stdinuser created/);
    assert.match(result.stderr, /sb-3: ✓ User stdinuser created/);
  });

  test("each panel's messages on stderr name its profile", async () => {
    const result = await dactl(['user', 'suspend', 'alice', '-p', 'sb-1,sb-2', '--yes']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /^sb-1: ✓ alice: suspended$/m);
    assert.match(result.stderr, /^sb-2: ✓ alice: suspended$/m);
  });

  test('bad fleet options and places stop with exit 2 before anything is sent', async () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['users', 'list', '-p', 'sb-*', '--parallel', '0'], {}, /--parallel "0"/],
      [['users', 'list', '-p', 'nope-*'], {}, /no saved profile matches/],
      [
        ['users', 'list', '--all-profiles', '-p', 'sb-1'],
        {},
        /either -p\/--profile or --all-profiles/,
      ],
      [['profile', 'list', '--all-profiles'], {}, /does not run over a fleet/],
      [['unit', 'doctor', '-p', 'sb-*'], {}, /unit doctor works on this machine/],
      [['unit', 'sync', '--all-profiles'], {}, /unit sync works on this machine/],
      [['unit', 'status', '-p', 'sb-*'], {}, /unit status works on this machine/],
      [
        ['unit', 'app', 'restart', 'app', '--domain', 'fred.example', '-p', 'sb-1,sb-2', '--yes'],
        {},
        /dactl unit app restart works on this machine/,
      ],
      [['unit', 'templates', 'list', '-p', 'sb-1,sb-2'], {}, /templates list works on/],
      [['users', 'list', '-p', 'sb-*'], { DACTL_URL: 'http://127.0.0.1:1' }, /DACTL_URL is set/],
    ];
    for (const [args, env, message] of cases) {
      const result = await dactl(args, { env });
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message);
      assert.equal(result.stdout, '');
    }
  });

  test(
    'at a terminal: progress on stderr, and a change asked once for every panel',
    needsPty,
    async () => {
      const listed = await runInPty(['users', 'list', '-p', 'sb-*'], home.env, []);
      assert.equal(listed.code, 0, listed.stdout);
      assert.match(listed.stdout, /3\/3 panels/);
      assert.match(listed.stdout, /PROFILE\s+USERNAME/);
      const create = [
        'user',
        'create',
        '-p',
        'sb-1,sb-2',
        '--username',
        'ttyuser',
        '--email',
        't@example.com',
        '--domain',
        'ttyuser.example.com',
        '--package',
        'default',
        '--ip',
        '127.0.0.1',
        '--generate-password',
      ];
      const declined = await runInPty(create, home.env, [
        { expect: /Change 2 panels \(sb-1, sb-2\)\?/, send: 'n\r' },
      ]);
      assert.equal(declined.code, 130, declined.stdout);
      const after = await dactl(['users', 'list', '-p', 'sb-*', '-o', 'tsv']);
      assert.doesNotMatch(after.stdout, /ttyuser/);
      // One answer for both panels: a second question would wait for ever and fail the run.
      const accepted = await runInPty(create, home.env, [
        { expect: /Change 2 panels/, send: 'y\r' },
      ]);
      assert.equal(accepted.code, 0, accepted.stdout);
      assert.match(accepted.stdout, /sb-1: .*User ttyuser created/);
      assert.match(accepted.stdout, /sb-2: .*User ttyuser created/);
    },
  );
});

describe('dactl sandbox --panels with a panel variant', () => {
  it('gives every panel the variant (--bad-credentials login-page), and saves nothing with --no-profile', async () => {
    const home = tempHome();
    const child = spawn(
      process.execPath,
      [
        bin,
        'sandbox',
        '--panels',
        '2',
        '--bad-credentials',
        'login-page',
        '--no-profile',
        '-o',
        'json',
      ],
      { env: home.env },
    );
    try {
      const panels = await new Promise<Panel[]>((resolve, reject) => {
        let out = '';
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          if (out.includes('\n'))
            resolve((JSON.parse(out.split('\n')[0] ?? '') as { panels: Panel[] }).panels);
        });
        child.on('exit', (code) => {
          reject(new Error(`sandbox exited ${String(code)}`));
        });
      });
      assert.deepEqual(
        panels.map((p) => p.profile),
        [null, null],
      );
      for (const panel of panels) {
        const env = { DACTL_URL: panel.url, DACTL_USERNAME: 'admin', DACTL_PASSWORD: 'wrong' };
        const result = await run(['whoami'], { env: { ...home.env, ...env } });
        assert.equal(result.code, 3, result.stderr);
        assert.match(result.stderr, /login page/);
      }
    } finally {
      await stop(child);
      home.cleanup();
    }
  });
});
