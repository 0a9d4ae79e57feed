// `unit doctor` and `unit sync` against hostile files in the panel's data directory and a hostile
// queue processor (issue 22): what only root or the panel could have put there is a finding and
// the doctor goes on; what fails the path rule is exit 3, named, and nothing is written or run.
// Never exit 1, never a hang.
import assert from 'node:assert/strict';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Finding } from '../../src/doctor/findings.js';
import { runInProcess } from '../helpers/in-process.js';
import { unitServer, type UnitServer } from '../helpers/unit-server.js';

const root = process.getuid?.() === 0;
const nobody = 65534;

let s: UnitServer;

async function doctor(): Promise<{ code: number; findings: Finding[]; stderr: string }> {
  const r = await runInProcess(['unit', 'doctor', '-o', 'json'], { env: s.env });
  return {
    code: r.code,
    // Findings come with exit 0 and 7 only; an error (3, or 1 before the fix) prints none.
    findings: r.code === 0 || r.code === 7 ? (JSON.parse(r.stdout) as Finding[]) : [],
    stderr: r.stderr,
  };
}

/** Every entry below `dir`, then `dir` itself, to `uid`. */
function chownTree(dir: string, uid: number): void {
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    chownSync(join(dir, name), uid, uid);
  }
  chownSync(dir, uid, uid);
}

describe('unit doctor: hostile files in the data directory', () => {
  before(async () => {
    s = await unitServer();
  });
  after(() => s.close());

  it('a 600 MB domains.list is a finding naming its size, and the other checks still run', async () => {
    const list = join(s.dataDir, 'users/fred/domains.list');
    const kept = readFileSync(list);
    truncateSync(list, 600 * 1024 * 1024); // sparse: no real bytes written
    try {
      const r = await doctor();
      assert.equal(r.code, 7, r.stderr);
      const f = r.findings.find((x) => x.item === 'users/fred/domains.list');
      assert.equal(f?.status, 'fail');
      assert.match(f.detail, /holds 600 MiB, more than the 32 MiB dactl reads/);
      assert.ok(r.findings.some((x) => x.check === 'app' && x.user === 'fred'));
    } finally {
      writeFileSync(list, kept);
    }
  });

  it('a local copy nested 100,000 levels deep is a failing finding naming it, not a crash', async () => {
    const copy = 'users/fred/domains/fred.example.routes/deep.fred.example';
    s.write(copy, '['.repeat(100_000) + ']'.repeat(100_000));
    try {
      const r = await doctor();
      assert.equal(r.code, 7, r.stderr);
      const f = r.findings.find((x) => x.check === 'route' && x.item === 'deep.fred.example');
      assert.equal(f?.status, 'fail');
      assert.match(
        f.detail,
        new RegExp(`${copy} is not JSON dactl reads \\(.*nested more than 256 levels`),
      );
    } finally {
      rmSync(join(s.dataDir, copy));
    }
  });

  it('a file anyone may write is exit 3, naming it and the fix', async () => {
    const conf = join(s.dataDir, 'users/fred/user.conf');
    chmodSync(conf, 0o666);
    try {
      const r = await doctor();
      assert.equal(r.code, 3, r.stderr);
      assert.match(r.stderr, /users\/fred\/user\.conf: other users can write to it \(mode 0666\)/);
      assert.match(r.stderr, /"hint":"[^"]*chmod go-w/);
    } finally {
      chmodSync(conf, 0o600);
    }
  });

  it('a link where a file belongs is exit 3: it is not followed', async () => {
    const conf = join(s.dataDir, 'users/alice/user.conf');
    const kept = readFileSync(conf);
    rmSync(conf);
    symlinkSync('/etc/passwd', conf);
    try {
      const r = await doctor();
      assert.equal(r.code, 3, r.stderr);
      assert.match(r.stderr, /users\/alice\/user\.conf: it is a symbolic link/);
    } finally {
      rmSync(conf);
      writeFileSync(conf, kept, { mode: 0o600 });
    }
  });

  it('Unit’s log in a directory others may write (Ubuntu’s /var/log) is a warning, not a refusal', async () => {
    const logs = join(s.dir, 'logs');
    mkdirSync(logs);
    chmodSync(logs, 0o775);
    writeFileSync(join(logs, 'unit.log'), '');
    const r = await runInProcess(['unit', 'doctor', '-o', 'json'], {
      env: { ...s.env, DACTL_UNIT_LOG: join(logs, 'unit.log') },
    });
    assert.ok(r.code === 0 || r.code === 7, r.stderr);
    const log = (JSON.parse(r.stdout) as Finding[]).find((f) => f.check === 'log');
    assert.equal(log?.status, 'warn');
    assert.match(log.detail, /not read: .*logs: other users can write to it \(mode 0775\)/);
  });

  it(
    'a file of a third user that anyone may write is exit 3, naming it',
    { skip: !root && 'needs root to give a file away' },
    async () => {
      const pkg = join(s.dataDir, 'users/reseller1/packages/starter.pkg');
      chownSync(pkg, nobody, nobody);
      chmodSync(pkg, 0o666);
      try {
        const r = await doctor();
        assert.equal(r.code, 3, r.stderr);
        assert.match(r.stderr, /packages\/starter\.pkg: it belongs to another user \(uid 65534\)/);
      } finally {
        chownSync(pkg, 0, 0);
        chmodSync(pkg, 0o600);
      }
    },
  );
});

describe('unit sync: the task queue and the queue processor', () => {
  const queue = (): string => join(s.dataDir, 'task.queue');
  const marker = (): string => join(s.dir, 'processor-ran');
  /** A processor that leaves a marker when run. */
  const processor = (): string => {
    const path = join(s.dir, 'dataskq-test');
    writeFileSync(path, `#!/bin/sh\n: > '${marker()}'\n`, { mode: 0o700 });
    chmodSync(path, 0o700);
    return path;
  };
  const sync = (env: Record<string, string> = {}, ...args: string[]) =>
    runInProcess(['unit', 'sync', '--yes', ...args], { env: { ...s.env, ...env } });

  before(async () => {
    s = await unitServer();
  });
  after(() => s.close());
  beforeEach(async () => {
    // Something out of step, so sync has a rewrite to ask for.
    await s.unit('DELETE', '/config/applications/alice.example_blog');
    rmSync(queue(), { force: true });
    rmSync(marker(), { force: true });
  });

  it('a task.queue that is a link is exit 3, and the file it points to is untouched', async () => {
    const target = join(s.dir, 'precious');
    writeFileSync(target, 'precious\n');
    symlinkSync(target, queue());
    const r = await sync();
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /task\.queue: it is a symbolic link/);
    assert.equal(readFileSync(target, 'utf8'), 'precious\n');
  });

  it('--now refuses a processor anyone may write (exit 3): it is not run, nothing is queued', async () => {
    const path = processor();
    chmodSync(path, 0o777);
    const r = await sync({ DACTL_DA_TASKQ: path }, '--now');
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /dataskq-test: other users can write to it \(mode 0777\)/);
    assert.equal(existsSync(marker()), false);
    assert.equal(existsSync(queue()), false);
  });

  it(
    '--now refuses a processor of another user (exit 3): it is not run',
    { skip: !root && 'needs root to give a file away' },
    async () => {
      const path = processor();
      chownSync(path, nobody, nobody);
      const r = await sync({ DACTL_DA_TASKQ: path }, '--now');
      assert.equal(r.code, 3, r.stderr);
      assert.match(r.stderr, /dataskq-test: it belongs to another user \(uid 65534\)/);
      assert.equal(existsSync(marker()), false);
    },
  );

  it(
    '--now --timeout 2 stops a processor that hangs (and a child holding its output): exit 6',
    { timeout: 30_000 },
    async () => {
      const path = join(s.dir, 'dataskq-hangs');
      writeFileSync(path, '#!/bin/sh\nsleep 60 &\nsleep 60\n', { mode: 0o700 });
      chmodSync(path, 0o700);
      const r = await sync({ DACTL_DA_TASKQ: path }, '--now', '--timeout', '2');
      assert.equal(r.code, 6, r.stderr);
      assert.match(
        r.stderr,
        /dataskq-hangs did not finish within 2 s \(--timeout\); dactl stopped it/,
      );
      assert.match(r.stderr, /hint: The rewrite may still run/);
    },
  );

  it('--now: a processor that fails is exit 5 with what it wrote on stderr', async () => {
    const path = join(s.dir, 'dataskq-fails');
    writeFileSync(path, '#!/bin/sh\necho "queue locked" >&2\nexit 3\n', { mode: 0o700 });
    chmodSync(path, 0o700);
    const r = await sync({ DACTL_DA_TASKQ: path }, '--now');
    assert.equal(r.code, 5, r.stderr);
    assert.match(r.stderr, /dataskq-fails failed: queue locked/);
  });

  it(
    'a data directory of another user is the panel user’s: its files and processor are trusted',
    { skip: !root && 'needs root to give files away' },
    async () => {
      chownTree(s.dataDir, nobody);
      try {
        assert.equal(statSync(s.taskq).uid, nobody);
        const d = await doctor();
        assert.equal(d.code, 7, d.stderr);
        assert.ok(d.findings.some((f) => f.check === 'app' && f.item === 'blog'));
        const r = await sync({}, '--now', '-o', 'json');
        // Only the demo's left-over, which a rewrite keeps: the processor ran, and exit 7 says
        // that something the doctor fails stays out of step.
        assert.equal(r.code, 7, r.stderr);
        const out = JSON.parse(r.stdout) as { stillOutOfStep: Finding[] };
        assert.deepEqual(
          out.stillOutOfStep.map((f) => f.item),
          ['legacy'],
        );
      } finally {
        chownTree(s.dataDir, 0);
      }
    },
  );
});
