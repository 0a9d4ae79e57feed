// `unit doctor` against the sandbox's data directory and Unit socket: each kind of drift, the
// module settings, unit_port_ssl, the ACME rule and Unit's log, each found and named (the probes:
// probe.test.ts).
import assert from 'node:assert/strict';
import { appendFileSync, writeFileSync } from 'node:fs';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Finding } from '../../src/doctor/findings.js';
import { runInProcess } from '../helpers/in-process.js';
import { unitServer, type UnitServer } from '../helpers/unit-server.js';

let s: UnitServer;

async function doctor(
  ...args: string[]
): Promise<{ code: number; findings: Finding[]; stderr: string }> {
  const r = await runInProcess(['unit', 'doctor', '-o', 'json', ...args], { env: s.env });
  return { code: r.code, findings: JSON.parse(r.stdout) as Finding[], stderr: r.stderr };
}

const one = (findings: Finding[], check: string, item: string): Finding => {
  const found = findings.find((f) => f.check === check && f.item === item);
  assert.ok(found, `no ${check} finding for ${item} in ${JSON.stringify(findings)}`);
  return found;
};

const rewrite = async (): Promise<void> => {
  writeFileSync(`${s.dataDir}/task.queue`, 'action=rewrite&value=appserver_unit\n');
  s.sandbox.processTaskQueue();
};

describe('unit doctor: drift between local copies and Unit', () => {
  before(async () => {
    s = await unitServer();
    // The demo's left-over application is purged, so a rewrite brings everything in step.
    await s.unit('DELETE', '/config/applications/fred.example_legacy');
  });
  after(() => s.close());
  beforeEach(rewrite);

  it('passes (exit 0) when Unit runs what the panel stores', async () => {
    const r = await doctor();
    assert.equal(r.code, 0, r.stderr);
    assert.ok(
      r.findings.every((f) => f.status === 'ok'),
      JSON.stringify(r.findings),
    );
    assert.deepEqual(Object.keys(one(r.findings, 'app', 'app')), [
      'check',
      'user',
      'domain',
      'item',
      'status',
      'detail',
      'fix',
    ]);
    // Nothing to show in the table: stdout stays empty, the count goes to stderr.
    const table = await runInProcess(['unit', 'doctor'], { env: s.env });
    assert.equal(table.code, 0, table.stderr);
    assert.equal(table.stdout, '');
    assert.match(table.stderr, /^\d+ checks: \d+ ok, 0 warn, 0 fail\.\n$/);
  });

  it('finds an application missing live, one different live (with its diff), and a left-over', async () => {
    await s.unit('DELETE', '/config/applications/alice.example_blog');
    await s.unit('PUT', '/config/applications/fred.example_app/processes', 2);
    await s.unit('PUT', '/config/applications/fred.example_old', {
      type: 'php',
      root: '/home/fred/x',
    });
    const r = await doctor();
    assert.equal(r.code, 7);
    const missing = one(r.findings, 'app', 'blog');
    assert.equal(missing.status, 'fail');
    assert.match(missing.detail, /^Missing live/);
    assert.match(missing.fix, /dactl unit sync/);
    const different = one(r.findings, 'app', 'app');
    assert.match(different.detail, /^Different live/);
    assert.ok(different.diff?.includes('-   "processes": 2,'), JSON.stringify(different.diff));
    const left = one(r.findings, 'app', 'old');
    assert.equal(left.user, 'fred');
    assert.match(left.detail, /^Live only/);
    assert.match(left.fix, /dactl unit app delete old --domain fred.example --as fred/);
    assert.match(r.stderr, /"exitCode":7/);
    await s.unit('DELETE', '/config/applications/fred.example_old');
  });

  it('finds route sets missing live, different live and left over, and copies that do not parse', async () => {
    s.write('users/fred/domains/fred.example.routes/fred.example', '[{"action":{"return":200}}]');
    s.write(
      'users/fred/domains/fred.example.routes/shop.fred.example',
      '[{"action":{"return":204}}]',
    );
    await rewrite();
    await s.unit('PUT', '/config/routes/fred.example', [{ action: { return: 404 } }]);
    await s.unit('DELETE', '/config/routes/shop.fred.example');
    await s.unit('PUT', '/config/routes/old.fred.example', [{ action: { return: 410 } }]);
    s.write('users/alice/domains/alice.example.routes/alice.example', '[{');
    const r = await doctor('--user', 'fred');
    assert.equal(r.code, 7);
    assert.match(one(r.findings, 'route', 'fred.example').detail, /^Different live/);
    assert.match(one(r.findings, 'route', 'shop.fred.example').detail, /^Missing live/);
    assert.match(
      one(r.findings, 'route', 'old.fred.example').fix,
      /dactl unit route delete old.fred.example/,
    );
    assert.ok(r.findings.every((f) => f.user === 'fred' || f.user === ''));
    const alice = await doctor('--domain', 'alice.example');
    assert.match(one(alice.findings, 'route', 'alice.example').detail, /not valid JSON/);
    assert.ok(alice.findings.every((f) => f.domain === 'alice.example' || f.domain === ''));
    await s.unit('DELETE', '/config/routes/old.fred.example');
    s.write('users/alice/domains/alice.example.routes/alice.example', '[]');
  });

  it('reports a live name no user could be matched to, instead of guessing', async () => {
    await s.unit('PUT', '/config/routes/elsewhere.example', [{ action: { return: 200 } }]);
    const r = await doctor();
    const unmatched = one(r.findings, 'layout', 'elsewhere.example');
    assert.equal(unmatched.status, 'warn');
    await s.unit('DELETE', '/config/routes/elsewhere.example');
  });

  it('names the setting that switches the module off, and where it is set', async () => {
    s.write('users/reseller1/packages/starter.pkg', 'appserver_unit=OFF\n');
    s.write('users/fred/user.conf', 'creator=reseller1\npackage=standard\n');
    const r = await doctor();
    const pkg = one(
      r.findings.filter((f) => f.user === 'alice'),
      'module',
      'package starter',
    );
    assert.equal(pkg.status, 'fail');
    assert.match(pkg.detail, /appserver_unit=OFF in users\/reseller1\/packages\/starter.pkg/);
    const fred = one(
      r.findings.filter((f) => f.user === 'fred'),
      'module',
      'user',
    );
    assert.equal(fred.status, 'warn');
    assert.match(fred.detail, /neither appserver_unit nor nginxUnit/);
    s.write('users/reseller1/packages/starter.pkg', 'appserver_unit=ON\n');
    s.write('users/fred/user.conf', 'creator=reseller1\npackage=standard\nnginxUnit=ON\n');
  });

  it('checks that unit_port_ssl has its certificate listener in Unit', async () => {
    writeFileSync(s.conf, 'unit_port_ssl=8091\n');
    let port = one((await doctor()).findings, 'port', 'unit_port_ssl');
    assert.equal(port.status, 'fail');
    assert.match(port.detail, /no certificate listener on port 8091/);
    await rewrite();
    port = one((await doctor()).findings, 'port', 'unit_port_ssl');
    assert.equal(port.status, 'ok', port.detail);
    writeFileSync(s.conf, 'unit_port_ssl=0\n');
    await rewrite();
  });
});

describe('unit doctor: ACME, Unit log, empty live configuration', () => {
  before(async () => {
    s = await unitServer();
  });
  after(() => s.close());

  it('fails a catch-all route to an application without an ACME exclusion above the redirects', async () => {
    s.write(
      'users/fred/domains/fred.example.routes/fred.example',
      '[{"action":{"pass":"applications/fred.example_app"}}]',
    );
    await rewrite();
    assert.match(
      one((await doctor()).findings, 'acme', 'fred.example').detail,
      /no \/\.well-known\/acme-challenge exclusion/,
    );
    s.write(
      'users/fred/domains/fred.example.cust_nginx',
      'return 301 https://$host$request_uri;\nlocation ^~ /.well-known/acme-challenge/ { }\n',
    );
    assert.match(
      one((await doctor()).findings, 'acme', 'fred.example').detail,
      /only below another redirect/,
    );
    s.write(
      'users/fred/domains/fred.example.cust_nginx',
      'location ^~ /.well-known/acme-challenge/ { }\nreturn 301 https://$host$request_uri;\n',
    );
    assert.equal(one((await doctor()).findings, 'acme', 'fred.example').status, 'ok');
  });

  it('names the application in a failing line of Unit’s log, by the process that started it', async () => {
    appendFileSync(
      s.log,
      '2025/06/02 14:12:31 [info] 28247#28247 "fred.example_app" prototype started\n' +
        '2025/06/02 14:12:31 [info] 28253#28253 "fred.example_app" application started\n',
    );
    assert.equal(one((await doctor('--user', 'fred')).findings, 'log', 'unit.log').status, 'ok');
    // Unit 1.35 names the process, not the application (a real line).
    appendFileSync(
      s.log,
      '2025/06/02 14:12:31 [alert] 28253#28253 Python failed to import module "no_such_module"\n',
    );
    for (const scope of [[], ['--user', 'fred'], ['--domain', 'fred.example']]) {
      const failing = one((await doctor(...scope)).findings, 'log', 'app');
      assert.equal(failing.user, 'fred');
      assert.equal(failing.domain, 'fred.example');
      assert.equal(failing.status, 'fail');
      assert.match(failing.detail, /Python failed to import module "no_such_module"$/);
    }
    const alice = await doctor('--user', 'alice');
    assert.equal(one(alice.findings, 'log', 'unit.log').status, 'ok');
    writeFileSync(s.log, '');
  });

  it('says everything must be rewritten when Unit’s configuration is empty', async () => {
    await s.unit('DELETE', '/config');
    const r = await doctor();
    assert.equal(r.code, 7);
    assert.match(one(r.findings, 'live', 'configuration').detail, /empty .* must be rewritten/);
  });
});
