// users list, db list and whoami against the sandbox, in every output format and as every role.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';

describe('users list, db list, whoami', () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  it('lists every account as an admin with its details, in each format', async () => {
    const env = w.envFor('admin');
    const table = await w.dactl(['users', 'list'], { env });
    assert.equal(table.code, 0, table.stderr);
    assert.equal(
      table.stdout,
      [
        'USERNAME   TYPE      CREATOR    SUSPENDED  PACKAGE         DOMAINS',
        'admin      admin     admin      no         admin                 1',
        'reseller1  reseller  admin      no         reseller-basic        1',
        'fred       user      reseller1  no         standard              2',
        'alice      user      reseller1  no         starter               1',
        '',
      ].join('\n'),
    );

    const asJson = await w.dactl(['users', 'list', '-o', 'json'], { env });
    const rows = json(asJson) as Record<string, unknown>[];
    assert.deepEqual(rows[2], {
      username: 'fred',
      type: 'user',
      creator: 'reseller1',
      suspended: false,
      package: 'standard',
      domains: ['fred.example', 'fredshop.example'],
    });
    assert.deepEqual(
      rows.map((r) => r.username),
      ['admin', 'reseller1', 'fred', 'alice'],
    );
    const viaFlag = await w.dactl(['users', 'list', '--json'], { env });
    assert.equal(viaFlag.stdout, asJson.stdout);

    const tsv = await w.dactl(['users', 'list', '-o', 'tsv'], { env });
    assert.match(tsv.stdout, /^admin\tadmin\tadmin\tfalse\tadmin\t\["admin\.example"\]\n/);

    const yaml = await w.dactl(['users', 'list', '-o', 'yaml'], { env });
    assert.match(yaml.stdout, /^- username: admin\n {2}type: admin\n/);
    assert.match(yaml.stdout, /\n {2}domains:\n {4}- fred\.example\n {4}- fredshop\.example\n/);
    assert.equal(yaml.stderr, '');
  });

  it('--names: the usernames alone, from the name listings alone', async () => {
    const before = w.sandbox.requests.length;
    const result = await w.dactl(['users', 'list', '--names', '-o', 'tsv'], {
      env: w.envFor('admin'),
    });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'admin\nreseller1\nfred\nalice\n');
    assert.deepEqual(
      w.sandbox.requests
        .slice(before)
        .map((r) => r.path)
        .sort(),
      ['/CMD_API_SHOW_ADMINS', '/CMD_API_SHOW_ALL_USERS', '/CMD_API_SHOW_RESELLERS'],
    );
  });

  it('lists a reseller’s own users: its list, then one page of details', async () => {
    const before = w.sandbox.requests.length;
    const result = await w.dactl(['users', 'list', '-o', 'json'], { env: w.envFor('reseller1') });
    assert.equal(result.code, 0, result.stderr);
    const rows = json(result) as { username: string; creator: string }[];
    assert.deepEqual(
      rows.map((r) => [r.username, r.creator]),
      [
        ['fred', 'reseller1'],
        ['alice', 'reseller1'],
      ],
    );
    assert.deepEqual(
      w.sandbox.requests.slice(before).map((r) => r.path),
      ['/CMD_API_SHOW_ALL_USERS', '/CMD_API_SHOW_USERS', '/CMD_USER_SHOW'],
    );
  });

  it('refuses users list to a user-level account with exit 3 and says why', async () => {
    const result = await w.dactl(['users', 'list'], { env: w.envFor('fred') });
    assert.equal(result.code, 3);
    assert.match(result.stderr, /needs an admin or reseller account/);
    assert.equal(result.stdout, '');
  });

  it('lists a user’s databases with human sizes in the table and numbers in JSON', async () => {
    const table = await w.dactl(['db', 'list'], { env: w.envFor('fred') });
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^DATABASE\s+SIZE\s+USERS\s+TABLES\s+DEFINER ISSUES\n/);
    assert.match(table.stdout, /fred_wp\s+52\.0 MiB\s+1\s+12\s+0/);
    assert.match(table.stdout, /fred_logs\s+0 B/);

    const records = json(await w.dactl(['db', 'list', '-o', 'json'], { env: w.envFor('fred') }));
    assert.ok(Array.isArray(records));
    assert.deepEqual(records[0], {
      database: 'fred_wp',
      sizeBytes: 54525952,
      userCount: 1,
      tableCount: 12,
      definerIssues: 0,
    });

    const tsv = await w.dactl(['db', 'list', '-o', 'tsv'], { env: w.envFor('fred') });
    assert.match(tsv.stdout, /^fred_wp\t54525952\t1\t12\t0\n/);
  });

  it('lets an admin and a reseller act as a user with --as', async () => {
    const asAdmin = json(
      await w.dactl(['db', 'list', '--as', 'alice', '-o', 'json'], { env: w.envFor('admin') }),
    );
    const asReseller = json(
      await w.dactl(['db', 'list', '--as', 'alice', '-o', 'json'], { env: w.envFor('reseller1') }),
    );
    const asAlice = json(await w.dactl(['db', 'list', '-o', 'json'], { env: w.envFor('alice') }));
    assert.deepEqual(asAdmin, asAlice);
    assert.deepEqual(asReseller, asAlice);
    const last = w.sandbox.requests.at(-1);
    assert.equal(last?.username, 'alice');
    assert.ok(w.sandbox.requests.slice().some((r) => r.username === 'reseller1|alice'));
    const viaEnv = await w.dactl(['db', 'list', '-o', 'json'], {
      env: { ...w.envFor('admin'), DACTL_AS: 'alice' },
    });
    assert.deepEqual(json(viaEnv), asAlice);
  });

  it('says a refused impersonation is about the --as user, not the password (exit 3)', async () => {
    const userAsOther = await w.dactl(['db', 'list', '--as', 'alice'], { env: w.envFor('fred') });
    assert.equal(userAsOther.code, 3);
    assert.match(
      userAsOther.stderr,
      /The panel refused to let fred act as "alice" \(the DACTL_URL environment\): fred may not log in as "alice"\./,
    );
    // A typo: the panel's words, the name, and that it may not exist; never "check the password".
    const typo = await w.dactl(['db', 'list', '--as', 'fredd'], { env: w.envFor('admin') });
    assert.equal(typo.code, 3);
    assert.match(
      typo.stderr,
      /refused to let admin act as "fredd" .*: admin may not log in as "fredd"/,
    );
    assert.match(typo.stderr, /The password is right .* "fredd" may not exist/);
    assert.doesNotMatch(typo.stderr, /Check the username and password/);
    // The same with the login page, which carries no words: the login alone tells.
    w.sandbox.modes.badCredentials = 'login-page';
    try {
      const page = await w.dactl(['users', 'list', '--as', 'fredd'], { env: w.envFor('admin') });
      assert.equal(page.code, 3);
      assert.match(
        page.stderr,
        /refused to let admin act as "fredd" \(the DACTL_URL environment\)\./,
      );
      const wrong = await w.dactl(['users', 'list', '--as', 'fred'], {
        env: { ...w.envFor('admin'), DACTL_PASSWORD: 'wrong' },
      });
      assert.equal(wrong.code, 3);
      assert.match(wrong.stderr, /did not accept the credentials/);
    } finally {
      w.sandbox.modes.badCredentials = 'status';
    }
  });

  it('refuses --as names that would change the login, before sending', async () => {
    const before = w.sandbox.requests.length;
    for (const bad of ['fred|alice', 'fr:ed', 'fred alice', 'fred\u0007']) {
      const result = await w.dactl(['db', 'list', '--as', bad], { env: w.envFor('admin') });
      assert.equal(result.code, 2, bad);
      assert.match(result.stderr, /--as/);
    }
    const envAs = await w.dactl(['db', 'list'], { env: { ...w.envFor('admin'), DACTL_AS: 'a|b' } });
    assert.equal(envAs.code, 2);
    assert.match(envAs.stderr, /DACTL_AS/);
    assert.equal(w.sandbox.requests.length, before);
  });

  it('whoami shows the login and fails with exit 3 on bad credentials', async () => {
    const ok = json(
      await w.dactl(['whoami', '-o', 'json', '--as', 'fred'], { env: w.envFor('admin') }),
    );
    assert.deepEqual(ok, {
      profile: null,
      url: w.sandbox.url,
      username: 'admin',
      as: 'fred',
      login: 'admin|fred',
    });
    const table = await w.dactl(['whoami'], { env: w.envFor('admin') });
    assert.match(table.stdout, /Profile\s+\(environment\)\nServer\s+http/);
    const bad = await w.dactl(['whoami'], {
      env: { ...w.envFor('admin'), DACTL_PASSWORD: 'wrong' },
    });
    assert.equal(bad.code, 3);
    assert.match(bad.stderr, /refused the login/);
  });

  it('rejects an unknown output format with exit 2 and sends nothing', async () => {
    const before = w.sandbox.requests.length;
    const result = await w.dactl(['users', 'list', '-o', 'xml'], { env: w.envFor('admin') });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /xml/);
    assert.equal(w.sandbox.requests.length, before);
  });

  it('prints one JSON error object on stderr in -o json mode', async () => {
    const result = await w.dactl(['users', 'list', '-o', 'json'], { env: w.envFor('fred') });
    assert.equal(result.code, 3);
    const error = JSON.parse(result.stderr) as {
      error: { code: string; exitCode: number; message: string };
    };
    assert.equal(error.error.code, 'AUTH');
    assert.equal(error.error.exitCode, 3);
    assert.match(error.error.message, /admin or reseller account/);
  });

  it('says how to start when no panel is configured', async () => {
    const result = await w.dactl(['users', 'list']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /dactl profile add/);
    assert.match(result.stderr, /dactl sandbox/);
  });

  it('--quiet and --no-color leave data untouched', async () => {
    const result = await w.dactl(['users', 'list', '-q', '--no-color'], { env: w.envFor('admin') });
    assert.equal(result.code, 0);
    assert.ok(!result.stdout.includes('\u001b['));
  });
});
