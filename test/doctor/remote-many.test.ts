// `unit doctor --remote` through the panel's API, and the local doctor over 1,000 users.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Finding } from '../../src/doctor/findings.js';
import { runInProcess } from '../helpers/in-process.js';
import { unitServer, type UnitServer } from '../helpers/unit-server.js';

describe('unit doctor --remote', () => {
  let s: UnitServer;
  let env: Record<string, string>;
  before(async () => {
    s = await unitServer();
    const admin = s.sandbox.accounts.find((a) => a.username === 'admin');
    env = {
      ...s.env,
      DACTL_URL: s.sandbox.url,
      DACTL_USERNAME: 'admin',
      DACTL_PASSWORD: admin?.password ?? '',
    };
  });
  after(() => s.close());

  it('compares the stored applications and route sets with what Unit runs, by presence', async () => {
    // A subdomain's route set, written as the panel writes it: its copy, then Unit.
    const route = [{ action: { pass: 'applications/fred.example_app' } }];
    s.write('users/fred/domains/fred.example.routes/shop.fred.example', JSON.stringify(route));
    await s.unit('PUT', '/config/routes/shop.fred.example', route);
    await s.unit('DELETE', '/config/applications/fred.example_app');
    const r = await runInProcess(
      ['unit', 'doctor', '--remote', '--as', 'fred', '--domain', 'fred.example', '-o', 'json'],
      { env: env },
    );
    assert.equal(r.code, 7, r.stderr);
    const findings = JSON.parse(r.stdout) as Finding[];
    const by = (check: string, item: string) =>
      findings.find((f) => f.check === check && f.item === item);
    assert.match(by('app', 'app')?.detail ?? '', /^Missing live/);
    assert.match(by('app', 'legacy')?.detail ?? '', /^Live only/);
    assert.match(
      by('route', 'shop.fred.example')?.detail ?? '',
      /applications\/fred.example_app, which Unit does not run/,
    );
  });

  it('needs --domain, and reads nothing local', async () => {
    const r = await runInProcess(['unit', 'doctor', '--remote', '--as', 'fred'], { env: env });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--remote needs --domain/);
  });
});

describe('unit doctor over 1,000 users', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dactl-many-'));
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads every user once and reports each in step', { timeout: 120_000 }, async () => {
    const data = join(dir, 'data');
    const users = 1000;
    const put = (path: string, text: string): void => {
      mkdirSync(join(data, path, '..'), { recursive: true, mode: 0o700 });
      writeFileSync(join(data, path), text, { mode: 0o600 });
    };
    const applications: Record<string, unknown> = {};
    const routes: Record<string, unknown> = {};
    put('users/reseller1/packages/standard.pkg', 'appserver_unit=ON\n');
    put('users/reseller1/reseller.conf', 'appserver_unit=ON\n');
    for (let i = 0; i < users; i += 1) {
      const u = `user${String(i)}`;
      const d = `${u}.example`;
      put(`users/${u}/user.conf`, `creator=reseller1\npackage=standard\nnginxUnit=ON\n`);
      put(`users/${u}/domains.list`, `${d}\n`);
      const app = {
        type: 'external',
        executable: `/home/${u}/domains/${d}/app/app.js`,
        processes: 2,
      };
      const route = [{ action: { pass: `applications/${d}_app` } }];
      put(`users/${u}/domains/${d}.unit/app.json`, JSON.stringify(app));
      put(`users/${u}/domains/${d}.routes/${d}`, JSON.stringify(route));
      put(`users/${u}/domains/${d}.cust_nginx`, 'location ^~ /.well-known/acme-challenge/ { }\n');
      applications[`${d}_app`] = app;
      routes[d] = route;
    }
    // Unit serves this configuration on the sandbox's socket.
    const s = await unitServer();
    try {
      await s.unit('PUT', '/config', { listeners: {}, applications, routes });
      const started = process.hrtime.bigint();
      const r = await runInProcess(['unit', 'doctor', '-o', 'json', '--data-dir', data], {
        env: s.env,
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      assert.equal(r.code, 0, r.stderr.slice(0, 2000));
      const findings = JSON.parse(r.stdout) as Finding[];
      assert.equal(findings.filter((f) => f.check === 'app').length, users);
      assert.equal(findings.filter((f) => f.check === 'route').length, users);
      // Measured, not asserted: the report of the run says how long it took.
      process.stderr.write(`unit doctor over ${String(users)} users: ${ms.toFixed(0)} ms\n`);
    } finally {
      await s.close();
    }
  });
});
