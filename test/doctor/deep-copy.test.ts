// `unit doctor` on local copies nested 100,000 levels deep: each is a finding that says so, not
// a crash ("Maximum call stack size exceeded", exit 1), and the other checks still run.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Finding } from '../../src/doctor/findings.js';
import { runInProcess } from '../helpers/in-process.js';
import { unitServer, type UnitServer } from '../helpers/unit-server.js';

describe('unit doctor: a deep local copy', () => {
  let s: UnitServer;
  before(async () => {
    s = await unitServer();
  });
  after(() => s.close());

  it('is a failed check naming the copy and the limit', async () => {
    const levels = 100_000;
    s.write(
      'users/fred/domains/fred.example.unit/app.json',
      '{"a":'.repeat(levels) + '1' + '}'.repeat(levels),
    );
    s.write(
      'users/fred/domains/fred.example.routes/fred.example',
      '['.repeat(levels) + ']'.repeat(levels),
    );
    const r = await runInProcess(['unit', 'doctor', '-o', 'json', '--user', 'fred'], {
      env: s.env,
    });
    assert.equal(r.code, 7, r.stderr);
    assert.doesNotMatch(r.stderr, /Maximum call stack|\n\s+at /);
    const findings = JSON.parse(r.stdout) as Finding[];
    for (const [check, item, path] of [
      ['app', 'app', 'users/fred/domains/fred.example.unit/app.json'],
      ['route', 'fred.example', 'users/fred/domains/fred.example.routes/fred.example'],
    ]) {
      const found = findings.find((f) => f.check === check && f.item === item);
      assert.equal(found?.status, 'fail', JSON.stringify(found));
      assert.equal(
        found.detail.split(';')[0],
        `The local copy ${path ?? ''} is not JSON dactl reads (the JSON is nested more than 256 levels deep, the most dactl reads)`,
      );
    }
    // The other checks still ran.
    assert.ok(findings.some((f) => f.check === 'module' && f.status === 'ok'));
  });
});
