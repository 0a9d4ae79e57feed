// `unit doctor --probe` against the sandbox's Unit and a web server in front of it that answers
// each Host from the route set Unit runs under that name, as the panel's web server does: each
// route set is probed with its own Host, so a subdomain's missing route is a 404 of its own, and
// each fix names the set (`--subdomain` for a subdomain's).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Finding } from '../../src/doctor/findings.js';
import { isRecord } from '../../src/json/record.js';
import { runInProcess } from '../helpers/in-process.js';
import { unitServer, type UnitServer } from '../helpers/unit-server.js';

let s: UnitServer;

/** The status the route answers `/` with: the first step for / (its `return`, 200 for a pass). */
function answer(route: unknown): number {
  const steps = Array.isArray(route) ? route : [];
  const step: unknown = steps.find((x: unknown) => {
    const uri = isRecord(x) && isRecord(x.match) ? x.match.uri : undefined;
    return uri === undefined || uri === '/' || uri === '*';
  });
  if (!isRecord(step) || !isRecord(step.action)) return 404;
  return typeof step.action.return === 'number' ? step.action.return : 200;
}

describe('unit doctor --probe: one request per route set, with its own Host', () => {
  let web: Server;
  let address = '';
  /** Whether the web server falls back to the domain's routes for a subdomain Unit lacks. */
  let fallback = false;

  const probe = async (): Promise<Finding[]> => {
    const r = await runInProcess(['unit', 'doctor', '-o', 'json', '--probe-address', address], {
      env: s.env,
    });
    assert.ok(r.code === 0 || r.code === 7, r.stderr);
    return (JSON.parse(r.stdout) as Finding[]).filter((f) => f.check === 'probe');
  };
  const one = (findings: Finding[], host: string): Finding => {
    const found = findings.find((f) => f.item === `http://${host}/`);
    assert.ok(found, `no probe of ${host} in ${JSON.stringify(findings)}`);
    return found;
  };
  const rewrite = (): void => {
    writeFileSync(`${s.dataDir}/task.queue`, 'action=rewrite&value=appserver_unit\n');
    s.sandbox.processTaskQueue();
  };

  before(async () => {
    s = await unitServer();
    web = createServer((req, res) => {
      const host = req.headers.host ?? '';
      const parent = host.slice(host.indexOf('.') + 1);
      void (async () => {
        let live = await s.unit('GET', `/config/routes/${host}`);
        if (live.status !== 200 && fallback) live = await s.unit('GET', `/config/routes/${parent}`);
        res.writeHead(live.status === 200 ? answer(live.body) : 404);
        res.end();
      })();
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const a = web.address();
    address = `127.0.0.1:${String(typeof a === 'object' && a ? a.port : 0)}`;
    s.write('users/fred/domains/fred.example.routes/fred.example', '[{"action":{"return":200}}]');
    s.write(
      'users/fred/domains/fred.example.routes/shop.fred.example',
      '[{"action":{"return":503}}]',
    );
    s.write(
      'users/alice/domains/alice.example.routes/alice.example',
      '[{"match":{"uri":"/admin"},"action":{"return":200}}]',
    );
    rewrite();
  });
  after(async () => {
    web.close();
    await s.close();
  });

  it('explains a 200, a 503 with the domain’s error log, and a 404 of a set without a step for /', async () => {
    const findings = await probe();
    assert.equal(one(findings, 'fred.example').status, 'ok');
    const shop = one(findings, 'shop.fred.example');
    assert.match(shop.detail, /503: the application is not proxied correctly/);
    assert.match(shop.fix, /\/var\/log\/nginx\/domains\/fred\.example\.error\.log/);
    const alice = one(findings, 'alice.example');
    assert.match(alice.detail, /404: no step of the route set matches \//);
    assert.equal(
      alice.fix,
      'Add a step for /: dactl unit route edit --domain alice.example --as alice',
    );
  });

  it('a subdomain whose live route is gone is a 404 of its own, and its fix names --subdomain', async () => {
    s.write(
      'users/fred/domains/fred.example.routes/shop.fred.example',
      '[{"match":{"uri":"/cart"},"action":{"return":200}}]',
    );
    rewrite();
    let findings = await probe();
    assert.match(
      one(findings, 'shop.fred.example').fix,
      /^Add a step for \/: dactl unit route edit --domain fred\.example --subdomain shop --as fred$/,
    );
    await s.unit('DELETE', '/config/routes/shop.fred.example');
    findings = await probe();
    const shop = one(findings, 'shop.fred.example');
    assert.match(shop.detail, /404: Unit runs no route for it/);
    assert.match(
      shop.fix,
      /dactl unit route set --domain fred\.example --subdomain shop --as fred --file/,
    );
    // The domain's own set answers for itself, untouched.
    assert.equal(one(findings, 'fred.example').status, 'ok');
  });

  it('a 200 for a set Unit runs no route for fails: something else answered', async () => {
    fallback = true;
    try {
      const shop = one(await probe(), 'shop.fred.example');
      assert.equal(shop.status, 'fail');
      assert.match(shop.detail, /HTTP 200, but Unit runs no route for shop\.fred\.example/);
      assert.match(shop.fix, /^dactl unit sync/);
    } finally {
      fallback = false;
    }
  });
});
