// `unit doctor` and `unit sync` as the built binary runs them on the panel's server, against the
// sandbox's data directory and Unit socket.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { json, run, type Result } from '../helpers/dactl.js';
import { unitServer, type UnitServer } from '../helpers/unit-server.js';

describe('e2e: unit doctor and unit sync', () => {
  let s: UnitServer;
  before(async () => {
    s = await unitServer();
  });
  after(() => s.close());

  it('doctor: a table of problems and exit 7; JSON findings for monitoring', async () => {
    await s.unit('DELETE', '/config/applications/alice.example_blog');
    const table = await run(['unit', 'doctor'], { env: s.env });
    assert.equal(table.code, 7, table.stderr);
    assert.match(table.stdout, /^STATUS\s+CHECK\s+USER\s+DOMAIN\s+ITEM\s+DETAIL\s+FIX$/m);
    assert.match(table.stdout, /fail\s+app\s+alice\s+alice\.example\s+blog\s+Missing live/);
    assert.match(table.stderr, /error: \d+ checks? failed/);
    const r = await run(['unit', 'doctor', '--user', 'alice', '-o', 'json'], { env: s.env });
    assert.equal(r.code, 7);
    const findings = json(r) as { check: string; status: string }[];
    assert.ok(findings.some((f) => f.check === 'app' && f.status === 'fail'));
  });

  it('sync --yes --now: queues the rewrite, runs the processor, and the doctor passes the app', async () => {
    const r = await run(['unit', 'sync', '--yes', '--now', '-o', 'json'], { env: s.env });
    // The demo's left-over survives a rewrite: exit 7, naming it, for monitoring.
    assert.equal(r.code, 7, r.stderr);
    assert.match(r.stderr, /Queued "action=rewrite&value=appserver_unit"/);
    assert.match(r.stderr, /1 still out of step after the rewrite/);
    const out = json(r) as { stillOutOfStep: { item: string }[] };
    assert.deepEqual(
      out.stillOutOfStep.map((f) => f.item),
      ['legacy'],
    );
    assert.equal(existsSync(join(s.dataDir, 'task.queue')), false);
    const after = await run(['unit', 'doctor', '--user', 'alice'], { env: s.env });
    assert.equal(after.code, 0, after.stdout + after.stderr);
  });

  it('sync --dry-run -o tsv: the rows out of step, one line each, as the table has them', async () => {
    await s.unit('DELETE', '/config/applications/alice.example_blog');
    const r = await run(['unit', 'sync', '--dry-run', '-o', 'tsv'], { env: s.env });
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    assert.ok(lines.length > 0 && lines.every((l) => l.includes('\t')), r.stdout);
    assert.ok(
      lines.some((l) => /\talice\talice\.example\tblog\t/.test(l)),
      r.stdout,
    );
    assert.doesNotMatch(r.stdout, /[{}]/);
  });

  it('sync without --now leaves the line for the panel’s processor', async () => {
    const r = await run(['unit', 'sync', '--yes'], { env: s.env });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      readFileSync(join(s.dataDir, 'task.queue'), 'utf8'),
      'action=rewrite&value=appserver_unit\n',
    );
  });

  it('a missing socket is exit 2 with a hint, never 1', async () => {
    const r = await run(['unit', 'doctor'], {
      env: { ...s.env, DACTL_UNIT_SOCKET: join(s.dir, 'none.sock') },
    });
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /hint: Is Unit installed and running \(systemctl status unit\)\? Else give Unit’s control socket with --socket or DACTL_UNIT_SOCKET/,
    );
  });

  it('a FIFO in the data directory and as Unit’s log: the doctor finishes and says what they are', async () => {
    const list = join(s.dataDir, 'users/fred/domains.list');
    const kept = readFileSync(list);
    rmSync(list);
    execFileSync('mkfifo', [list]);
    const log = join(s.dir, 'fifo.log');
    execFileSync('mkfifo', [log]);
    try {
      const r = await run(['unit', 'doctor', '-o', 'json'], {
        env: { ...s.env, DACTL_UNIT_LOG: log },
        timeoutMs: 15_000,
      });
      assert.equal(r.code, 7, r.stderr);
      const findings = json(r) as { item: string; detail: string }[];
      const detail = (item: string): string => findings.find((f) => f.item === item)?.detail ?? '';
      assert.match(detail('users/fred/domains.list'), /is a FIFO \(named pipe\), not a file/);
      assert.match(detail(log), /is a FIFO \(named pipe\), not a file/);
    } finally {
      rmSync(list);
      writeFileSync(list, kept, { mode: 0o600 });
      rmSync(log);
    }
  });

  it(
    'not root: files it may not read are exit 3, saying to run it as root',
    { skip: process.getuid?.() !== 0 },
    async () => {
      for (const command of ['doctor', 'sync']) {
        const r = await asNobody(['unit', command, '--yes'], s.env);
        assert.equal(r.code, 3, r.stderr);
        assert.match(r.stderr, /permission denied[\s\S]*hint: Run it as root/);
      }
    },
  );
});

/** The built binary as an unprivileged user (the test runs as root). */
function asNobody(args: string[], env: Record<string, string>): Promise<Result> {
  return run(args, { env: { ...env, HOME: '/tmp' }, uid: 65534 });
}
