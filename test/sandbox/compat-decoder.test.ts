// The compatibility suite, issue 23, through dactl's own decoder: each endpoint the sandbox gained
// for third-party clients, called with `dactl api` (in-process) as a user would, in JSON and, for
// legacy commands, URL-encoded with the panel's raw HTML entities (--no-json).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { world, type World } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';

let w: World;
before(async () => {
  w = await world({}, { inProcess: true });
});
after(() => w.close());

const envFor = (account: string): Record<string, string> => w.envFor(account);
/** `dactl api ...args -o json` as `account`: the decoded reply, after checking the exit code. */
async function api(args: string[], account = 'admin', code = 0): Promise<unknown> {
  const r = await runInProcess(['api', ...args, '-o', 'json'], { env: envFor(account) });
  assert.equal(r.code, code, r.stderr);
  return code === 0 && r.stdout !== '' ? (JSON.parse(r.stdout) as unknown) : r.stderr;
}

describe('dactl api over the new endpoints', () => {
  it('CMD_API_DATABASES --as fred decodes to the list, URL-encoded or JSON', async () => {
    const list = ['fred_wp', 'fred_shop', 'fred_logs'];
    assert.deepEqual(await api(['/CMD_API_DATABASES', '--as', 'fred']), list);
    assert.deepEqual(await api(['/CMD_API_DATABASES', '--as', 'fred', '--no-json']), list);
  });

  it('the legacy user config reads the same URL-encoded (raw entities) as in JSON', async () => {
    const path = '/CMD_API_SHOW_USER_CONFIG?user=fred';
    const form = (await api([path, '--no-json'])) as Record<string, string>;
    assert.equal(form.name, "Fred O'Brien");
    assert.equal(form.email, 'fred@fred.example');
    assert.deepEqual(form, await api([path]));
  });

  it('CMD_API_PACKAGES_USER?package= decodes to the package’s settings', async () => {
    const path = '/CMD_API_PACKAGES_USER?package=starter';
    const form = (await api([path, '--no-json'], 'reseller1')) as Record<string, string>;
    assert.equal(form.mysql, '3');
    assert.deepEqual(form, await api([path], 'reseller1'));
    assert.match(
      String(await api(['/CMD_API_PACKAGES_USER?package=gold'], 'reseller1', 4)),
      /gold/,
    );
  });

  it('/api/wordpress/locations and /api/session --as fred', async () => {
    const locations = (await api(['/api/wordpress/locations', '--as', 'fred'])) as {
      filePath: string;
    }[];
    assert.deepEqual(
      locations.map((l) => l.filePath),
      ['domains/fred.example/public_html', 'domains/fredshop.example/public_html'],
    );
    const session = (await api(['/api/session', '--as', 'fred'])) as Record<string, unknown>;
    assert.deepEqual(
      [session.realUsername, session.effectiveUsername, session.effectiveRole],
      ['admin', 'fred', 'user'],
    );
  });

  it('login-as/switch: done (204) for the reseller’s user, refused (exit 3) for the admin', async () => {
    const args = ['/api/session/login-as/switch', '-f'];
    await api([...args, 'username=alice'], 'reseller1');
    const refused = JSON.parse(String(await api([...args, 'username=admin'], 'reseller1', 3))) as {
      error: { message: string };
    };
    assert.equal(refused.error.message, 'The panel refused: reseller1 may not log in as "admin"');
    await api(['/api/session/login-as/return', '-X', 'POST'], 'reseller1');
  });
});
