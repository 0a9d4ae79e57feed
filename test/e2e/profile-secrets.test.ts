// Secrets given the wrong way are refused without being echoed, and oversized ones are refused
// before anything is sent (not an HTTP 431 from the panel).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { world, type Result, type World } from '../helpers/dactl.js';

const marker = 'Zq8-marker-secret';

describe('secrets in errors and their sizes', () => {
  let w: World;
  before(async () => {
    w = await world({}, { inProcess: true });
  });
  after(() => w.close());

  const nothingSent = async (run: () => Promise<Result>): Promise<Result> => {
    const requests = w.sandbox.requests.length;
    const result = await run();
    assert.equal(w.sandbox.requests.length, requests, 'nothing reached the panel');
    return result;
  };
  const host = (): string => w.sandbox.url.replace('http://', '');
  const addArgs = (url: string, username = 'admin'): string[] => [
    'profile',
    'add',
    'x',
    '--url',
    url,
    '--username',
    username,
    '--password-stdin',
  ];

  it('a secret in DACTL_URL, --url, DACTL_USERNAME, --as or a URL query is refused and never echoed', async () => {
    const env = w.envFor('admin');
    const cases: [string, string[], Record<string, string>, RegExp][] = [
      [
        'DACTL_URL user:pass@',
        ['whoami'],
        { DACTL_URL: `http://admin:${marker}@${host()}` },
        /credentials do not belong in the URL/,
      ],
      [
        'DACTL_URL without a scheme',
        ['whoami'],
        { DACTL_URL: `admin:${marker}@${host()}` },
        /DACTL_URL/,
      ],
      [
        'DACTL_URL ?passwd=',
        ['whoami'],
        { DACTL_URL: `${w.sandbox.url}/?passwd=${marker}` },
        /query/,
      ],
      [
        'DACTL_USERNAME admin:pw',
        ['whoami'],
        { DACTL_USERNAME: `admin:${marker}` },
        /does not belong in the username/,
      ],
      ['--as fred:pw', ['whoami', '--as', `fred:${marker}`], {}, /--as \\?"fred:\*\*\*/],
      [
        '--url user:pass@',
        addArgs(`http://admin:${marker}@${host()}`),
        {},
        /credentials do not belong in the URL/,
      ],
      ['--url ?passwd=', addArgs(`${w.sandbox.url}?passwd=${marker}`), {}, /query/],
      [
        '--username admin:pw',
        addArgs(w.sandbox.url, `admin:${marker}`),
        {},
        /--username \\?"admin:\*\*\*/,
      ],
    ];
    for (const [name, args, extra, message] of cases) {
      for (const json of [[], ['-o', 'json']]) {
        const result = await nothingSent(() =>
          w.dactl([...args, ...json], { env: { ...env, ...extra }, input: 'pw' }),
        );
        assert.equal(result.code, 2, `${name}: ${result.stderr}`);
        assert.match(result.stderr, message, name);
        assert.ok(
          !(result.stdout + result.stderr).includes(marker),
          `${name} echoed the secret: ${result.stderr}`,
        );
      }
    }
  });

  it('a failing password command is reported by its exit code, never by its output', async () => {
    for (const command of [`echo ${marker} >&2; exit 3`, `echo ${marker}; exit 3`]) {
      for (const json of [[], ['-o', 'json']]) {
        const result = await nothingSent(() =>
          w.dactl([...addArgs(w.sandbox.url).slice(0, -1), '--password-command', command, ...json]),
        );
        assert.equal(result.code, 2);
        assert.match(result.stderr, /password command failed \(exit 3\)/);
        assert.match(result.stderr, /Run the command yourself/);
        assert.ok(!(result.stdout + result.stderr).includes(marker));
      }
    }
  });

  it('a password over 4096 bytes from any source → exit 2 before anything is sent', async () => {
    const huge = 'p'.repeat(1024 * 1024);
    const stdin = await nothingSent(() => w.dactl(addArgs(w.sandbox.url), { input: huge }));
    assert.equal(stdin.code, 2, stdin.stderr);
    assert.match(
      stdin.stderr,
      /password from --password-stdin is 1048576 bytes; dactl takes at most 4096/,
    );

    // An environment variable cannot hold a megabyte (the kernel caps one at 128 KiB).
    const env = await nothingSent(() =>
      w.dactl(['whoami'], { env: { ...w.envFor('admin'), DACTL_PASSWORD: 'p'.repeat(100_000) } }),
    );
    assert.equal(env.code, 2);
    assert.match(env.stderr, /password from DACTL_PASSWORD is 100000 bytes/);

    const long = await nothingSent(() =>
      w.dactl([
        ...addArgs(w.sandbox.url).slice(0, -1),
        '--password-command',
        "printf '%05000d\\n' 0",
      ]),
    );
    assert.equal(long.code, 2);
    assert.match(long.stderr, /password from the password command is 5000 bytes/);
    const endless = await nothingSent(() =>
      w.dactl([
        ...addArgs(w.sandbox.url).slice(0, -1),
        '--password-command',
        'head -c 1048576 /dev/zero | tr "\\0" p',
      ]),
    );
    assert.equal(endless.code, 2);
    assert.match(endless.stderr, /password command failed \(printed more than 64 KiB\)/);

    mkdirSync(w.home.configDir, { recursive: true, mode: 0o700 });
    const profiles = { big: { url: w.sandbox.url, username: 'admin', password: 'p'.repeat(5000) } };
    writeFileSync(
      join(w.home.configDir, 'config.json'),
      JSON.stringify({ current: 'big', profiles }),
      {
        mode: 0o600,
      },
    );
    const stored = await nothingSent(() => w.dactl(['whoami']));
    assert.equal(stored.code, 2);
    assert.match(stored.stderr, /password from the profile file is 5000 bytes/);
  });

  it('an oversized username or URL → exit 2, shown cut short', async () => {
    const long = 'a'.repeat(100_000);
    const user = await nothingSent(() =>
      w.dactl(['whoami'], { env: { ...w.envFor('admin'), DACTL_USERNAME: long } }),
    );
    assert.equal(user.code, 2);
    assert.match(user.stderr, /at most 64 characters/);
    assert.ok(user.stderr.length < 1000);
    const url = await nothingSent(() =>
      w.dactl(['whoami'], { env: { ...w.envFor('admin'), DACTL_URL: `${w.sandbox.url}/${long}` } }),
    );
    assert.equal(url.code, 2);
    assert.match(url.stderr, /at most 2048 characters/);
    assert.ok(url.stderr.length < 1000);
  });
});
