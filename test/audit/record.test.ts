// The audit trail as changes write it, in-process against the sandbox: one line per change with
// who, where and how it ended; no secret from any input; a trail that cannot be written is a
// warning and never the change's exit code.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { startSandbox } from '../../src/sandbox/index.js';
import { world, type World } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';
import { userFlags } from '../helpers/inputs.js';

interface Line {
  [key: string]: unknown;
  outcome: string;
  said?: string;
}

const asRoot = { skip: process.geteuid?.() === 0 ? false : 'needs root to give files away' };
const done = '/CMD_API_SHOW_USERS';

describe('the audit trail of changes', () => {
  let w: World;
  let trail: string;
  const lines = (file = trail): Line[] =>
    existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Line)
      : [];
  const env = (extra: Record<string, string> = {}) => ({
    ...w.envFor('admin'),
    DACTL_AUDIT_FILE: trail,
    ...extra,
  });
  before(async () => {
    w = await world();
  });
  beforeEach(() => {
    trail = join(w.home.dir, 'state', 'audit.jsonl');
  });
  afterEach(() => {
    w.reset();
    rmSync(join(w.home.dir, 'state'), { recursive: true, force: true });
  });
  after(() => w.close());

  it('records who sent which change where, and that it was done; reads are not recorded', async () => {
    const read = await runInProcess(['users', 'list', '--names'], { env: env() });
    assert.equal(read.code, 0, read.stderr);
    assert.equal(existsSync(trail), false, 'a read writes nothing');
    const test = '/CMD_API_LOGIN_TEST';
    const r = await runInProcess(['api', '-X', 'POST', test, '-f', 'x=y', '--as', 'fred'], {
      env: env({ SUDO_USER: 'alice' }),
    });
    assert.equal(r.code, 0, r.stderr);
    const [line, ...more] = lines();
    assert.deepEqual(more, []);
    assert.ok(line);
    const { time, dactl, user, host, pid, ...rest } = line;
    assert.match(String(time), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.match(String(dactl), /^\d+\.\d+\.\d+/);
    assert.equal(typeof user, 'string');
    assert.equal(typeof host, 'string');
    assert.equal(pid, process.pid);
    assert.deepEqual(rest, {
      sudoUser: 'alice',
      command: 'api',
      line: `dactl api -X POST ${test} -f x=y --as fred`,
      panel: new URL(w.sandbox.url).origin,
      method: 'POST',
      path: `${test}?json=yes`,
      login: 'admin',
      as: 'fred',
      fields: { x: 'y' },
      outcome: 'done',
    });
    // The file is private, in a private directory dactl made.
    assert.equal(statSync(trail).mode & 0o777, 0o600);
    assert.equal(statSync(join(w.home.dir, 'state')).mode & 0o777, 0o700);
  });

  it('goes to $XDG_STATE_HOME/dactl, else ~/.local/state/dactl; DACTL_AUDIT=off records nothing', async () => {
    const base = { ...w.envFor('admin') };
    const off = await runInProcess(['api', '-X', 'POST', done], {
      env: { ...base, DACTL_AUDIT: 'off' },
    });
    assert.equal(off.code, 0, off.stderr);
    const home = join(w.home.dir, '.local', 'state', 'dactl', 'audit.jsonl');
    assert.equal(existsSync(home), false);
    await runInProcess(['api', '-X', 'POST', done], { env: base });
    assert.equal(lines(home).length, 1);
    assert.equal(statSync(join(w.home.dir, '.local', 'state', 'dactl')).mode & 0o777, 0o700);
    rmSync(join(w.home.dir, '.local'), { recursive: true });
    const xdg = join(w.home.dir, 'state');
    await runInProcess(['api', '-X', 'POST', done], { env: { ...base, XDG_STATE_HOME: xdg } });
    assert.equal(lines(join(xdg, 'dactl', 'audit.jsonl')).length, 1);
  });

  it('never holds a secret: password, --password-stdin, fields, a body, the command line', async () => {
    const marker = 'MARKER-5ecr3t';
    const password = w.password('admin');
    const input = join(w.home.dir, 'body.json');
    const pem = `-----BEGIN PRIVATE KEY-----\n${marker}-pem\n-----END PRIVATE KEY-----`;
    writeFileSync(
      input,
      JSON.stringify({ user: { password: `${marker}-body` }, pad: 'p'.repeat(6000) }),
    );
    const runs: [string[], string?][] = [
      [['api', '-X', 'POST', `/CMD_API_X?token=${marker}-query`, '-f', `passwd=${marker}-f`]],
      [['api', '-X', 'POST', '/CMD_API_X', '-F', `apikey=${marker}-F`, '-f', `note=${pem}`]],
      [['api', '-X', 'PUT', '/api/x', '-F', `user[password]=${marker}-nested`, '-F', 'n=1']],
      [['api', '-X', 'POST', '/api/x', '--input', input]],
      [['api', '-X', 'POST', '/api/x', '-F', 'secret=@-'], `${marker}-stdin`],
      [userFlags('marky', ['--generate-password', '--yes'])],
    ];
    for (const [args, stdin] of runs) {
      const r = await runInProcess(args, { env: env(), ...(stdin ? { input: stdin } : {}) });
      assert.notEqual(r.code, 1, r.stderr);
    }
    // dactl login: the password on stdin, the Login Key it makes and sends.
    const login = await runInProcess(
      ['login', '-p', 'audited', '--url', w.sandbox.url, '--username', 'admin', '--password-stdin'],
      { env: { ...w.home.env, DACTL_AUDIT_FILE: trail }, input: `${password}\n` },
    );
    assert.equal(login.code, 0, login.stderr);
    const text = readFileSync(trail, 'utf8');
    const all = lines();
    assert.equal(all.length, runs.length + 1, text);
    assert.doesNotMatch(text, new RegExp(marker));
    assert.ok(!text.includes(password), 'the password');
    assert.ok(!text.includes(Buffer.from(`admin:${password}`).toString('base64')));
    // The Login Key login made is saved as the profile's password.
    const saved = readFileSync(join(w.home.configDir, 'config.json'), 'utf8');
    const key = /"password":\s*"([^"]+)"/.exec(saved)?.[1];
    assert.ok(key !== undefined && !text.includes(key), 'the Login Key');
    // What is hidden says so; a large body is its size and the digest of its redacted text.
    assert.match(all[0]?.line as string, /token=\*\*\*' -f passwd=\*\*\*$/);
    assert.deepEqual(Object.keys(all[3]?.fields as object), ['bytes', 'sha256']);
    const create = all[5];
    assert.ok(create);
    assert.equal(create.command, 'user create');
    assert.equal((create.fields as { passwd?: string }).passwd, '***');
    const key2 = all[6];
    assert.ok(key2);
    assert.equal(key2.command, 'login');
    assert.equal(key2.profile, 'audited');
    assert.equal((key2.fields as { password?: string }).password, '***');
  });

  it('says refused (in the panel’s words), may have been made, and not sent', async () => {
    const refused = await runInProcess(
      ['api', '-X', 'POST', '/CMD_API_ACCOUNT_USER', '-f', 'action=create', '-f', 'username=bob'],
      { env: env() },
    );
    assert.equal(refused.code, 5, refused.stderr);
    w.sandbox.fault({ kind: 'reset', path: done, method: 'POST' });
    const lost = await runInProcess(['api', '-X', 'POST', done, '--timeout', '2'], { env: env() });
    assert.equal(lost.code, 6, lost.stderr);
    const closed = await startSandbox({ port: 0 });
    await closed.close();
    const unsent = await runInProcess(['api', '-X', 'DELETE', '/api/x'], {
      env: env({ DACTL_URL: closed.url }),
    });
    assert.equal(unsent.code, 6, unsent.stderr);
    assert.deepEqual(
      lines().map((l) => [l.outcome, l.said]),
      [
        ['refused', 'Cannot Create Account: Invalid email address'],
        [
          'may-have-been-made',
          `The connection to ${new URL(w.sandbox.url).origin} was reset before the reply was complete.`,
        ],
        ['not-sent', `Cannot connect to ${new URL(closed.url).origin}: connection refused.`],
      ],
    );
  });

  it('records a change of every command, through the one transport (unit app delete)', async () => {
    const r = await runInProcess(
      ['unit', 'app', 'delete', 'app', '--domain', 'fred.example', '--yes'],
      {
        env: { ...w.envFor('fred'), DACTL_AUDIT_FILE: trail },
      },
    );
    assert.equal(r.code, 0, r.stderr);
    const [line] = lines();
    assert.ok(line);
    assert.equal(line.command, 'unit app delete');
    assert.equal(line.method, 'POST');
    assert.equal(line.login, 'fred');
    assert.equal(line.outcome, 'done');
  });

  it('records each panel of a fleet change, with its profile', async () => {
    for (const name of ['eu1', 'eu2']) {
      const added = await runInProcess(
        ['profile', 'add', name, '--url', w.sandbox.url, '--username', 'admin', '--password-stdin'],
        { env: w.home.env, input: w.password('admin') },
      );
      assert.equal(added.code, 0, added.stderr);
    }
    const r = await runInProcess(['api', '-X', 'POST', done, '-p', 'eu1,eu2', '--yes'], {
      env: { ...w.home.env, DACTL_AUDIT_FILE: trail },
    });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      lines()
        .map((l) => [l.profile, l.outcome, l.line])
        .sort(),
      [
        ['eu1', 'done', `dactl api -X POST ${done} -p eu1,eu2 --yes`],
        ['eu2', 'done', `dactl api -X POST ${done} -p eu1,eu2 --yes`],
      ],
    );
  });

  describe('a trail dactl may not write: a warning, and the change stands', () => {
    const dir = () => join(w.home.dir, 'state');
    const change = (extra: Record<string, string> = {}) =>
      runInProcess(['api', '-X', 'POST', done], { env: env(extra) });
    const warned = (stderr: string, found: RegExp) => {
      assert.match(stderr, /The audit trail was not written: dactl will not use /);
      assert.match(stderr, found);
      assert.match(stderr, /DACTL_AUDIT_FILE moves it, DACTL_AUDIT=off stops it/);
    };

    it('a planted symlink: the file it points to is untouched', async () => {
      mkdirSync(dir(), { mode: 0o700 });
      const target = join(w.home.dir, 'target');
      writeFileSync(target, 'mine\n', { mode: 0o600 });
      symlinkSync(target, trail);
      const r = await change();
      assert.equal(r.code, 0, r.stderr);
      warned(r.stderr, /it is a symbolic link/);
      assert.equal(readFileSync(target, 'utf8'), 'mine\n');
      rmSync(target);
    });

    it('a directory others may write, a FIFO, a hard link: refused, and a refused change keeps exit 5', async () => {
      mkdirSync(dir(), { mode: 0o700 });
      chmodSync(dir(), 0o770);
      const open = await runInProcess(
        ['api', '-X', 'POST', '/CMD_API_ACCOUNT_USER', '-f', 'action=create'],
        { env: env() },
      );
      assert.equal(open.code, 5, open.stderr);
      warned(open.stderr, /other users can write to it \(mode 0770\)/);
      assert.equal(existsSync(trail), false);
      chmodSync(dir(), 0o700);
      execFileSync('mkfifo', [trail]);
      const fifo = await change();
      assert.equal(fifo.code, 0, fifo.stderr);
      warned(fifo.stderr, /not a regular file/);
      rmSync(trail);
      const other = join(w.home.dir, 'other');
      writeFileSync(other, 'x\n', { mode: 0o600 });
      linkSync(other, trail);
      const linked = await change();
      assert.equal(linked.code, 0, linked.stderr);
      warned(linked.stderr, /it has 2 names/);
      assert.equal(readFileSync(other, 'utf8'), 'x\n');
      rmSync(other);
    });

    it('a trail readable by others is made 0600', async () => {
      mkdirSync(dir(), { mode: 0o700 });
      writeFileSync(trail, '', { mode: 0o644 });
      chmodSync(trail, 0o644);
      const r = await change();
      assert.equal(r.code, 0, r.stderr);
      assert.equal(statSync(trail).mode & 0o777, 0o600);
      assert.equal(lines().length, 1);
    });

    it('as root with another user’s HOME, nothing is written there', asRoot, async () => {
      const theirs = join(w.home.dir, 'theirs');
      mkdirSync(theirs, { mode: 0o755 });
      chownSync(theirs, 65534, 65534);
      const r = await runInProcess(['api', '-X', 'POST', done], {
        env: { ...w.envFor('admin'), HOME: theirs },
      });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /it belongs to another user \(uid 65534\)/);
      assert.deepEqual(readdirSync(theirs), []);
      rmSync(theirs, { recursive: true });
    });
  });
});
