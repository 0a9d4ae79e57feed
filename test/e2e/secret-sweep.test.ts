// The redaction sweep (issue 10): one marker secret goes in through every input that can carry
// a secret, against a panel that echoes every request back in every reply shape, under every
// output mode; no output may carry it. Most runs are in-process (run(argv, io), the binary's own
// code path); a few run the built binary.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { run, tempHome, type Result, type RunOptions } from '../helpers/dactl.js';
import { startEchoPanel, type EchoMode, type EchoPanel } from '../helpers/echo-panel.js';
import { runInProcess } from '../helpers/in-process.js';
import { userFlags, wpFlags } from '../helpers/inputs.js';

const MARKER = 'S3cr3t-MARKER-q7Zx';
// Issue 22: a secret with what escapers change (quotes, a backslash, markup, %, +, /, a space and
// a letter beyond ASCII), under the newer secret names, echoed escaped in every way.
const AWKWARD = `S3cr3t"\\&<>' MARKER+q7Zx%/é`;
const modes: EchoMode[] = ['error', 'server', 'unauthorized', 'ok', 'broken'];
const escapingModes: EchoMode[] = [...modes, 'html', 'escaped'];
const outputs = [[], ['--debug'], ['-o', 'json'], ['--debug', '-o', 'yaml']];

/**
 * Where a marker shows, in any form: as is, escaped or URL-encoded (its letters stay), or inside
 * Basic credentials. Its first and middle words both: a mask cut short at a quote shows one.
 */
function leak(result: Result): string | undefined {
  const basic = [MARKER, AWKWARD].map((m) => Buffer.from(`admin:${m}`).toString('base64'));
  for (const [name, text] of [
    ['stdout', result.stdout],
    ['stderr', result.stderr],
  ] as const) {
    if (/S3cr3t|MARKER/.test(text) || basic.some((b) => text.includes(b))) {
      return `${name}:\n${text}`;
    }
  }
  return undefined;
}

interface Case {
  name: string;
  args: string[];
  /** stdin, e.g. a password for --password-stdin. */
  input?: string;
  /** The Basic password; another secret than the marker unless the case is about it. */
  password?: string;
  /** `api`: -i is one more output to sweep. */
  api?: boolean;
  /** The panel's ways of echoing; the five plain ones unless the case is about escaping. */
  modes?: EchoMode[];
}

describe('no secret reaches any output', () => {
  let panel: EchoPanel;
  let home: ReturnType<typeof tempHome>;
  let envFor: (password: string) => Record<string, string>;
  const dactl = (args: string[], options: RunOptions = {}): Promise<Result> =>
    runInProcess(args, { ...options, env: { ...home.env, ...options.env } });

  before(async () => {
    panel = await startEchoPanel();
    home = tempHome();
    envFor = (password) => ({
      ...home.env,
      DACTL_URL: panel.url,
      DACTL_USERNAME: 'admin',
      DACTL_PASSWORD: password,
    });
  });
  after(async () => {
    await panel.close();
    home.cleanup();
  });

  /** Runs one case in every panel mode and output mode, then as a dry run. */
  async function sweep(c: Case): Promise<void> {
    const env = envFor(c.password ?? 'other-password-1');
    const extra = c.api ? [['-i'], ['-i', '--debug']] : [];
    let runs = 0;
    const echoModes = c.modes ?? modes;
    for (const mode of echoModes) {
      panel.mode = mode;
      for (const flags of [...outputs, ...extra]) {
        const result = await dactl([...c.args, ...flags], { env, input: c.input });
        runs += 1;
        assert.notEqual(result.code, 1, `${mode} ${flags.join(' ')}: ${result.stderr}`);
        const found = leak(result);
        assert.equal(found, undefined, `${mode} ${flags.join(' ')}: ${found ?? ''}`);
      }
    }
    for (const flags of [['--dry-run'], ['--dry-run', '-o', 'json']]) {
      const result = await dactl([...c.args, ...flags], { env, input: c.input });
      assert.equal(result.code, 0, result.stderr);
      assert.equal(leak(result), undefined, leak(result));
    }
    assert.equal(runs, echoModes.length * (outputs.length + extra.length));
  }

  it('the Basic password (DACTL_PASSWORD), which the panel echoes decoded and raw', async () => {
    await sweep({
      name: 'password',
      args: ['api', '/CMD_API_LOGIN_TEST'],
      password: MARKER,
      api: true,
    });
    // whoami has no dry run: only the panel modes.
    for (const mode of modes) {
      panel.mode = mode;
      for (const flags of outputs) {
        const result = await dactl(['whoami', ...flags], { env: envFor(MARKER) });
        assert.equal(leak(result), undefined, `${mode} ${flags.join(' ')}`);
      }
    }
  });

  it('api -f passwd= and passwd2= in a legacy form', () =>
    sweep({
      name: 'form',
      args: [
        'api',
        '-X',
        'POST',
        '/CMD_API_ACCOUNT_USER',
        '-f',
        'username=bob',
        '-f',
        `passwd=${MARKER}`,
        '-f',
        `passwd2=${MARKER}`,
      ],
      api: true,
    }));

  it('api -F key2= and a nested userPassword in a JSON body', () =>
    sweep({
      name: 'json fields',
      args: [
        'api',
        '/api/users/create',
        '-F',
        `key2=${MARKER}`,
        '-f',
        `user[userPassword]=${MARKER}`,
      ],
      api: true,
    }));

  it('api -F passwd=@file (the secret read from a file)', () => {
    const file = join(home.dir, 'secret.txt');
    writeFileSync(file, MARKER);
    return sweep({
      name: '@file',
      args: ['api', '/CMD_API_DATABASES', '-F', `passwd=@${file}`],
      api: true,
    });
  });

  it('a query string: new_password from -X GET -f, db_pass in the path', async () => {
    await sweep({
      name: 'query',
      args: ['api', '-X', 'GET', '/CMD_API_X', '-f', `new_password=${MARKER}`],
      api: true,
    });
    await sweep({
      name: 'path query',
      args: ['api', `/CMD_API_X?db_pass=${MARKER}&x=1`],
      api: true,
    });
  });

  it('an --input body: JSON, JSON that does not parse, a form', async () => {
    for (const input of [
      JSON.stringify({ name: 'db', nested: { dbpassword: MARKER } }),
      `{"passwd": "${MARKER}", broken`,
      `name=db&adminPass=${MARKER}`,
    ]) {
      await sweep({
        name: 'input',
        args: ['api', '-X', 'POST', '/api/x', '--input', '-'],
        input,
        api: true,
      });
      await sweep({
        name: 'input',
        args: ['api', '-X', 'POST', '/CMD_API_X', '--input', '-'],
        input,
        api: true,
      });
    }
  });

  it('user create --password-stdin', () =>
    sweep({ name: 'user create', args: userFlags('bob', ['--password-stdin']), input: MARKER }));

  it('wp install --admin-pass-stdin', () =>
    sweep({ name: 'wp install', args: wpFlags('blog', ['--admin-pass-stdin']), input: MARKER }));

  it('a profile: a stored password (--password-stdin) and a --password-command', async () => {
    const file = join(home.dir, 'pw.txt');
    writeFileSync(file, `${MARKER}\n`);
    const url = panel.url;
    const add = [
      ['profile', 'add', 'stored', '--url', url, '--username', 'admin', '--password-stdin'],
      [
        'profile',
        'add',
        'command',
        '--url',
        url,
        '--username',
        'admin',
        '--password-command',
        `cat '${file}'`,
      ],
    ];
    for (const mode of modes) {
      panel.mode = mode;
      // With the login check (which fails or succeeds by mode), then saved without it.
      for (const args of add) {
        for (const flags of [['--yes'], ['--yes', '--debug'], ['--yes', '--json']]) {
          const result = await dactl([...args, ...flags], { input: MARKER });
          assert.equal(leak(result), undefined, `${mode} ${args[2] ?? ''} ${flags.join(' ')}`);
        }
        const saved = await dactl([...args, '--yes', '--no-verify'], { input: MARKER });
        assert.equal(saved.code, 0, saved.stderr);
      }
      for (const name of ['stored', 'command']) {
        for (const flags of outputs) {
          const result = await dactl(['whoami', '-p', name, ...flags]);
          assert.equal(leak(result), undefined, `${mode} whoami -p ${name} ${flags.join(' ')}`);
        }
      }
    }
    for (const args of [
      ['profile', 'list'],
      ['profile', 'show', 'stored'],
      ['profile', 'show', 'command'],
    ]) {
      for (const flags of [[], ['-o', 'json'], ['-o', 'yaml'], ['-o', 'tsv']]) {
        const result = await dactl([...args, ...flags]);
        assert.equal(result.code, 0, result.stderr);
        assert.equal(leak(result), undefined, `${args.join(' ')} ${flags.join(' ')}`);
      }
    }
  });

  describe('a secret the panel echoes escaped, under the newer secret names (issue 22)', () => {
    const fields = (flag: string, names: string[]): string[] =>
      names.flatMap((name) => [flag, `${name}=${AWKWARD}`]);
    it('a legacy form: pw, session_id, passphrase, authorization, cookie', () =>
      sweep({
        name: 'legacy names',
        args: [
          'api',
          '-X',
          'POST',
          '/CMD_API_X',
          ...fields('-f', ['pw', 'session_id', 'passphrase', 'authorization', 'cookie']),
        ],
        api: true,
        modes: escapingModes,
      }));
    it('a JSON body: apikey, credentials, otp, totp, mfa, userPwd, db_pw', () =>
      sweep({
        name: 'json names',
        args: [
          'api',
          '/api/x',
          ...fields('-F', ['apikey', 'credentials', 'otp', 'totp', 'mfa', 'userPwd', 'db_pw']),
        ],
        api: true,
        modes: escapingModes,
      }));
    it('an --input body: JSON, and JSON that does not parse (the secret JSON-escaped in it)', async () => {
      for (const input of [
        JSON.stringify({ name: 'db', nested: { credential: AWKWARD } }),
        `{"pwd": ${JSON.stringify(AWKWARD)}, broken`,
      ]) {
        for (const path of ['/api/x', '/CMD_API_X']) {
          await sweep({
            name: 'input',
            args: ['api', '-X', 'POST', path, '--input', '-'],
            input,
            api: true,
            modes: escapingModes,
          });
        }
      }
    });
    it('user create --password-stdin, and the Basic password', async () => {
      await sweep({
        name: 'user create',
        args: userFlags('bob', ['--password-stdin']),
        input: AWKWARD,
        modes: escapingModes,
      });
      await sweep({
        name: 'password',
        args: ['api', '/CMD_API_LOGIN_TEST'],
        password: AWKWARD,
        api: true,
        modes: escapingModes,
      });
    });
  });

  describe('settings', () => {
    const quiet = async (args: string[], env: Record<string, string>, input?: string) => {
      panel.mode = 'error';
      const result = await dactl(args, { env, input });
      assert.equal(leak(result), undefined);
    };
    it('DACTL_URL with user:password@', () =>
      quiet(['whoami'], {
        ...envFor('x-password'),
        DACTL_URL: panel.url.replace('//', `//admin:${MARKER}@`),
      }));
    it('profile add --url with user:password@', () =>
      quiet(
        [
          'profile',
          'add',
          'u',
          '--url',
          panel.url.replace('//', `//admin:${MARKER}@`),
          '--username',
          'admin',
          '--password-stdin',
        ],
        {},
        'x-password',
      ));
    it('DACTL_USERNAME=admin:password', () =>
      quiet(['whoami'], { ...envFor('x-password'), DACTL_USERNAME: `admin:${MARKER}` }));
    it('?passwd= in DACTL_URL', () =>
      quiet(['whoami', '--debug'], {
        ...envFor('x-password'),
        DACTL_URL: `${panel.url}/?passwd=${MARKER}`,
      }));
    it("a failing --password-command's stderr", () => {
      const file = join(home.dir, 'pw-fail.txt');
      writeFileSync(file, MARKER);
      return quiet(
        [
          'profile',
          'add',
          'f',
          '--url',
          panel.url,
          '--username',
          'admin',
          '--password-command',
          `cat '${file}' >&2; exit 1`,
        ],
        {},
      );
    });
  });

  describe('the built binary', () => {
    const binary = (args: string[], options: RunOptions): Promise<Result> =>
      run(args, { ...options, env: { ...home.env, ...options.env } });

    it('keeps the marker out of --debug traces, errors and -i, as a process', async () => {
      for (const mode of ['error', 'server', 'broken'] as const) {
        panel.mode = mode;
        const runs = [
          binary(['whoami', '--debug'], { env: envFor(MARKER) }),
          binary(['api', '-X', 'POST', '/api/x', '--input', '-', '-i', '--debug'], {
            env: envFor('other-password-1'),
            input: `{"passwd": "${MARKER}", broken`,
          }),
          binary([...userFlags('bob', ['--password-stdin']), '--debug', '--json'], {
            env: envFor('other-password-1'),
            input: MARKER,
          }),
        ];
        for (const result of await Promise.all(runs)) {
          assert.notEqual(result.code, 1, result.stderr);
          assert.equal(leak(result), undefined, `${mode}: ${leak(result) ?? ''}`);
        }
      }
    });

    it('keeps an escaped echo of an awkward secret out of --debug and errors, as a process', async () => {
      for (const mode of ['html', 'escaped'] as const) {
        panel.mode = mode;
        const runs = [
          binary(['api', '-X', 'POST', '/CMD_API_X', '-f', `pw=${AWKWARD}`, '--debug'], {
            env: envFor('other-password-1'),
          }),
          binary(['api', '/api/x', '-F', `apikey=${AWKWARD}`, '--debug'], {
            env: envFor('other-password-1'),
          }),
        ];
        for (const result of await Promise.all(runs)) {
          assert.notEqual(result.code, 1, result.stderr);
          assert.equal(leak(result), undefined, `${mode}: ${leak(result) ?? ''}`);
        }
      }
      const dry = await binary(
        ['api', '-X', 'POST', '/api/x', '-F', `otp=${AWKWARD}`, '--dry-run'],
        {
          env: envFor('other-password-1'),
        },
      );
      assert.equal(dry.code, 0, dry.stderr);
      assert.equal(leak(dry), undefined, leak(dry));
    });
  });
});
