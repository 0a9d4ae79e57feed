// The profile file and its directory: private to their owner, written whole under a lock by
// any number of writers, and every setup mistake an exit 2 or 3 that names the path and the fix.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { run, tempHome, type Result } from '../helpers/dactl.js';

const root = process.getuid?.() === 0;
const nobody = 65534;

interface Stored {
  current?: string;
  profiles: Record<string, { url: string; passwordCommand?: string }>;
}

describe('profile files', () => {
  let home: ReturnType<typeof tempHome>;
  const file = (): string => join(home.configDir, 'config.json');
  const stored = (): Stored => JSON.parse(readFileSync(file(), 'utf8')) as Stored;
  const dactl = (args: string[], env: Record<string, string | undefined> = {}, input = '') =>
    run(args, { env: { ...home.env, ...env }, input });
  const addArgs = (name: string): string[] => [
    ...['profile', 'add', name, '--url', 'http://127.0.0.1:9', '--username', 'admin'],
    ...['--password-stdin', '--no-verify'],
  ];
  const add = (name: string, env: Record<string, string | undefined> = {}) =>
    dactl(addArgs(name), env, 'pw');
  /** A profile whose password command leaves a mark: running it is what an attacker wants. */
  const plant = (): string => {
    const marker = join(home.dir, 'planted-command-ran');
    mkdirSync(home.configDir, { recursive: true, mode: 0o700 });
    const profiles = {
      x: { url: 'http://127.0.0.1:9', username: 'a', passwordCommand: `touch ${marker}` },
    };
    writeFileSync(file(), JSON.stringify({ current: 'x', profiles }), { mode: 0o600 });
    return marker;
  };

  beforeEach(() => {
    home = tempHome();
  });
  afterEach(() => {
    home.cleanup();
  });

  it('a config directory others can write is refused (exit 3), and nothing in it is run', async () => {
    const marker = plant();
    chmodSync(home.configDir, 0o777);
    const result = await dactl(['whoami']);
    assert.equal(result.code, 3, result.stderr);
    assert.match(
      result.stderr,
      new RegExp(`config directory ${home.configDir}: other users can write to it \\(mode 0777\\)`),
    );
    assert.match(result.stderr, new RegExp(`chmod 700 ${home.configDir}`));
    assert.equal(existsSync(marker), false);
    assert.equal((await dactl(['profile', 'list'])).code, 3);
  });

  it('a profile file others can write is refused (exit 3); one they can read only warns', async () => {
    const marker = plant();
    chmodSync(file(), 0o666);
    const result = await dactl(['whoami', '-o', 'json']);
    assert.equal(result.code, 3);
    assert.match(result.stderr, /"code":"AUTH"/);
    assert.match(result.stderr, new RegExp(`chmod go-w ${file()}`));
    assert.equal(existsSync(marker), false);
    chmodSync(file(), 0o644);
    const list = await dactl(['profile', 'list']);
    assert.equal(list.code, 0);
    assert.match(list.stderr, /can be read by other users; run: chmod 600/);
  });

  it(
    'a directory or file another user owns is refused (exit 3)',
    { skip: !root && 'needs root to chown' },
    async () => {
      const marker = plant();
      chownSync(file(), nobody, nobody);
      const byFile = await dactl(['whoami']);
      assert.equal(byFile.code, 3);
      assert.match(
        byFile.stderr,
        new RegExp(`${file()}: it belongs to another user \\(uid ${String(nobody)}\\)`),
      );
      assert.match(byFile.stderr, /chown 0 /);
      chownSync(file(), 0, 0);
      chownSync(home.configDir, nobody, nobody);
      const byDir = await dactl(['whoami']);
      assert.equal(byDir.code, 3);
      assert.match(byDir.stderr, /config directory .* belongs to another user/);
      assert.equal(existsSync(marker), false);
    },
  );

  it(
    'a config directory below a directory another user owns is refused (exit 3)',
    { skip: !root && 'needs root to chown' },
    async () => {
      // sudo -E with a user's XDG_CONFIG_HOME: root must not take code from that user's tree.
      const marker = plant();
      chownSync(home.dir, nobody, nobody);
      const result = await dactl(['whoami']);
      assert.equal(result.code, 3, result.stderr);
      assert.match(result.stderr, new RegExp(`${home.dir}: it belongs to another user`));
      assert.equal(existsSync(marker), false);
    },
  );

  it('a profile file that is a link or a FIFO is refused (exit 3), never followed or waited on', async () => {
    const marker = plant();
    const elsewhere = join(home.dir, 'elsewhere.json');
    renameSync(file(), elsewhere);
    symlinkSync(elsewhere, file());
    const linked = await dactl(['whoami']);
    assert.equal(linked.code, 3, linked.stderr);
    assert.match(linked.stderr, /config\.json: it is a symbolic link/);
    rmSync(file());
    execFileSync('mkfifo', ['-m', '600', file()]);
    const fifo = await dactl(['profile', 'list']);
    assert.equal(fifo.code, 3, fifo.stderr);
    assert.match(fifo.stderr, /config\.json: it is not a regular file/);
    assert.equal(existsSync(marker), false);
  });

  it('20 concurrent adds keep all 20 profiles, in valid JSON, 0600', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `p${String(i)}`);
    // Twenty processes at once on a busy machine take their time: only the outcome is tested.
    const results = await Promise.all(
      names.map((name) => run(addArgs(name), { env: home.env, input: 'pw', timeoutMs: 180_000 })),
    );
    for (const result of results) assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(Object.keys(stored().profiles).sort(), [...names].sort());
    assert.equal(statSync(file()).mode & 0o777, 0o600);
    assert.deepEqual(readdirSync(home.configDir), ['config.json']);
  });

  it('a writer killed while holding the lock leaves the old file whole; the next write takes the lock over', async () => {
    assert.equal((await add('old')).code, 0);
    const before = readFileSync(file(), 'utf8');
    await killedMidWrite(file());
    assert.equal(readFileSync(file(), 'utf8'), before, 'the old file, untouched');
    const next = await add('new');
    assert.equal(next.code, 0, next.stderr);
    assert.deepEqual(Object.keys(stored().profiles).sort(), ['new', 'old']);
    assert.deepEqual(
      readdirSync(home.configDir),
      ['config.json'],
      'no lock or torn temporary file left',
    );
  });

  it('DACTL_CONFIG_DIR naming a file, or a directory below one → exit 2 naming it', async () => {
    const plain = join(home.dir, 'a-file');
    writeFileSync(plain, 'x');
    for (const dir of [plain, join(plain, 'sub')]) {
      const list = await dactl(['profile', 'list'], { DACTL_CONFIG_DIR: dir });
      const write = await add('x', { DACTL_CONFIG_DIR: dir });
      for (const result of [list, write]) {
        assert.equal(result.code, 2, result.stderr);
        assert.match(result.stderr, new RegExp(`${plain}(/sub)? is not a directory`));
        assert.match(result.stderr, /DACTL_CONFIG_DIR/);
      }
    }
  });

  it('DACTL_CONFIG_DIR below /proc → exit 2 at once, not an endless mkdir', async () => {
    for (const dir of ['/proc/self', '/proc/no-such/dactl']) {
      const result = await add('x', { DACTL_CONFIG_DIR: dir });
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /inside a kernel file system/);
    }
  });

  it('no HOME (unset, empty or relative) → exit 2 naming HOME and DACTL_CONFIG_DIR; the environment alone still works', async () => {
    for (const HOME of [undefined, '', 'relative/home']) {
      const env = { HOME, DACTL_CONFIG_DIR: undefined, XDG_CONFIG_HOME: undefined };
      const result = await dactl(['profile', 'list'], env);
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /Cannot find the config directory: HOME is/);
      assert.match(result.stderr, /DACTL_CONFIG_DIR/);
    }
    const envOnly = await dactl(['whoami'], {
      HOME: undefined,
      DACTL_CONFIG_DIR: undefined,
      DACTL_URL: 'http://127.0.0.1:9',
      DACTL_USERNAME: 'a',
      DACTL_PASSWORD: 'pw',
    });
    assert.equal(envOnly.code, 6, 'reached the network step: connection refused');
  });

  it('a profile file that is a directory, or holds malformed profiles → exit 2 naming it', async () => {
    mkdirSync(file(), { recursive: true });
    const isDir = await dactl(['profile', 'list']);
    assert.equal(isDir.code, 2);
    assert.match(isDir.stderr, /config\.json is not a regular file/);
    rmSync(file(), { recursive: true });
    writeFileSync(file(), JSON.stringify({ profiles: { x: 5 } }), { mode: 0o600 });
    const malformed = await dactl(['whoami']);
    assert.equal(malformed.code, 2);
    assert.match(malformed.stderr, /config\.json cannot be read/);
  });

  describe('permissions (as an unprivileged user)', () => {
    // Root reads and writes through any mode, so as root these run as nobody.
    const asUser = (args: string[], input = ''): Promise<Result> =>
      run(args, { env: home.env, input, ...(root ? { uid: nobody } : {}) });
    const handOver = (): void => {
      if (!root) return;
      for (const path of [home.dir, home.configDir, file()]) chownSync(path, nobody, nobody);
    };
    it('a read-only config directory → exit 3 naming it and the fix; the file is unchanged', async () => {
      assert.equal((await add('x')).code, 0);
      const before = readFileSync(file(), 'utf8');
      handOver();
      chmodSync(home.configDir, 0o500);
      const result = await asUser(addArgs('y'), 'pw');
      assert.equal(result.code, 3, result.stderr);
      assert.match(result.stderr, new RegExp(`${home.configDir}: permission denied`));
      assert.match(result.stderr, /chmod 700/);
      assert.equal(readFileSync(file(), 'utf8'), before);
    });

    it('an unreadable profile file → exit 3 naming it and the fix, never an empty store', async () => {
      assert.equal((await add('x')).code, 0);
      handOver();
      chmodSync(file(), 0o200);
      for (const args of [['profile', 'list'], addArgs('y')]) {
        const result = await asUser(args, 'pw');
        assert.equal(result.code, 3, result.stderr);
        assert.match(result.stderr, new RegExp(`Cannot read ${file()}: permission denied`));
        assert.match(result.stderr, /chmod 600/);
      }
    });
  });
});

/** Takes the profile lock as dactl does, starts a torn temporary file, and is SIGKILLed. */
function killedMidWrite(path: string): Promise<void> {
  const script = `
    const lockfile = require('proper-lockfile');
    const fs = require('node:fs');
    lockfile.lock(${JSON.stringify(path)}, { realpath: false }).then(() => {
      fs.writeFileSync(${JSON.stringify(path)} + '.tmp-1234567890abcdef', '{"profiles": {"half');
      process.stdout.write('holding\\n');
      setInterval(() => {}, 1000);
    });`;
  const cwd = fileURLToPath(new URL('../..', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], {
      cwd,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.on('error', reject);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (d.includes('holding')) child.kill('SIGKILL');
    });
    child.on('close', (_code, signal) => {
      if (signal === 'SIGKILL') resolve();
      else reject(new Error('the writer ended before it held the lock'));
    });
  });
}
