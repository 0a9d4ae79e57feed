// wp install end to end: cron style, prompts and the spinner at a terminal, checks before
// sending, the endpoint's own errors, faults, and a database that then shows in db list.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';
import { userFlags, wpFlags as install } from '../helpers/inputs.js';

interface Site {
  siteURL: string;
  adminName: string;
  adminEmail: string;
  database: string;
  path: string;
  title: string;
  password?: string;
}

describe('wp install', () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  afterEach(() => {
    w.reset();
  });
  after(() => w.close());

  const databases = async (user: string): Promise<string[]> => {
    const result = await w.dactl(['db', 'list', '-o', 'json'], { env: w.envFor(user) });
    return (json(result) as { database: string }[]).map((d) => d.database);
  };
  const sentBody = (): Record<string, unknown> =>
    JSON.parse(w.sandbox.requests.at(-1)?.body ?? '{}') as Record<string, unknown>;
  const sendsNothing = async (args: string[], env = w.envFor('fred'), input?: string) => {
    const before = w.sandbox.requests.length;
    const result = await w.dactl(args, { env, input });
    assert.equal(w.sandbox.requests.length, before, `a request was sent: ${result.stderr}`);
    return result;
  };

  it('cron style: all five fields sent once; the site and its new database come back', async () => {
    const before = w.sandbox.requests.length;
    const result = await w.dactl(install('cron', ['--password-stdin', '-o', 'json']), {
      env: w.envFor('fred'),
      input: 'Wp-pass-123\n',
    });
    assert.equal(result.code, 0, result.stderr);
    const sent = w.sandbox.requests.slice(before);
    assert.deepEqual(
      sent.map((r) => `${r.method} ${r.path}`),
      ['POST /api/wordpress/install-quick'],
    );
    assert.deepEqual(sentBody(), {
      filePath: 'domains/fred.example/public_html/cron',
      title: 'Fred’s blog',
      adminName: 'fred',
      adminEmail: 'fred@fred.example',
      adminPass: '***',
    });
    // dactl's names: database as in db list, path as --path (dbName and filePath to the panel).
    const site = json(result) as Site;
    assert.match(site.database, /^fred_wp\d+$/);
    assert.deepEqual(site, {
      siteURL: 'http://fred.example/cron',
      adminName: 'fred',
      adminEmail: 'fred@fred.example',
      database: site.database,
      path: 'domains/fred.example/public_html/cron',
      title: 'Fred’s blog',
    });
    assert.ok(!result.stdout.includes('Wp-pass-123') && !result.stderr.includes('Wp-pass-123'));
    assert.ok((await databases('fred')).includes(site.database), 'the database is listed');
  });

  it('a second install in the same place is 490, said as a sentence (exit 5)', async () => {
    const result = await w.dactl(install('cron', ['--generate-password']), {
      env: w.envFor('fred'),
    });
    assert.equal(result.code, 5);
    assert.match(
      result.stderr,
      /WordPress is already installed in domains\/fred\.example\/public_html\/cron\./,
    );
    assert.equal(result.stdout, '');
    // Refused: no site has that password, so it is not shown, nor in the JSON error.
    assert.doesNotMatch(result.stderr, /Generated admin password/);
    const asJson = await w.dactl(install('cron', ['--generate-password', '-o', 'json']), {
      env: w.envFor('fred'),
    });
    assert.equal(asJson.code, 5);
    assert.doesNotMatch(asJson.stderr, /adminPass|password/);
  });

  it('a generated password is shown once: in the table with a warning, in JSON as password', async () => {
    // The sandbox's log hides passwords, so the one sent is watched as it arrives.
    let sent = '';
    const unwatch = w.sandbox.watch((r) => {
      if (r.method === 'POST')
        sent = String((JSON.parse(r.body) as { adminPass?: unknown }).adminPass);
    });
    try {
      const table = await w.dactl(install('gen', ['--generate-password']), {
        env: w.envFor('fred'),
      });
      assert.equal(table.code, 0, table.stderr);
      assert.match(sent, /^\S{20}$/);
      assert.equal(sentBody().adminPass, '***');
      assert.match(table.stdout, /^Site +http:\/\/fred\.example\/gen\n/);
      assert.match(table.stdout, /\nDatabase +fred_wp\d+\n/);
      // The password is data (stdout); the note about it a message (stderr).
      assert.ok(table.stdout.endsWith(`Password      ${sent}\n`), table.stdout);
      assert.doesNotMatch(table.stdout, /will not be shown again|installed/);
      assert.match(table.stderr, /WordPress installed at http:\/\/fred\.example\/gen/);
      assert.match(table.stderr, /will not be shown again/);

      const asJson = await w.dactl(install('gen2', ['--generate-password', '-o', 'json']), {
        env: w.envFor('fred'),
      });
      assert.equal((json(asJson) as Site).password, sent);

      // -q: the messages go, the password (data) stays.
      const quiet = await w.dactl(install('gen3', ['--generate-password', '-q']), {
        env: w.envFor('fred'),
      });
      assert.equal(quiet.code, 0, quiet.stderr);
      assert.ok(quiet.stdout.endsWith(`Password      ${sent}\n`), quiet.stdout);
      assert.equal(quiet.stderr, '');
    } finally {
      unwatch();
    }
  });

  it('--path gives the place directly; public_html itself is fine', async () => {
    const result = await w.dactl(
      [
        'wp',
        'install',
        '--path',
        'domains/fredshop.example/public_html',
        '--title',
        'Shop',
        '--admin-name',
        'shop admin',
        '--admin-email',
        'shop@fredshop.example',
        '--generate-password',
        '-o',
        'json',
      ],
      { env: w.envFor('fred') },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal((json(result) as Site).siteURL, 'http://fredshop.example');
  });

  it('a domain the user does not own: the panel’s refusal says so (exit 3), nothing installed', async () => {
    const result = await w.dactl(
      [
        'wp',
        'install',
        '--domain',
        'alice.example',
        ...install('x').slice(6),
        '--generate-password',
      ],
      { env: w.envFor('fred') },
    );
    assert.equal(result.code, 3);
    assert.match(result.stderr, /alice\.example is not one of fred's domains/);
    assert.match(result.stderr, /hint: List them with: dactl api CMD_API_SHOW_DOMAINS\n/);
    assert.ok(!(await databases('alice')).some((d) => d.startsWith('alice_wp')));
  });

  it('an admin installs for a user with --as; a reseller for its own user', async () => {
    // --admin-pass-stdin: the old spelling of --password-stdin, still taken.
    const result = await w.dactl(
      install('byadmin', ['--admin-pass-stdin', '--as', 'fred', '-o', 'yaml']),
      { env: w.envFor('admin'), input: 'By-admin-123' },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^siteURL: http:\/\/fred\.example\/byadmin\nadminName: fred\n/);
    assert.doesNotMatch(result.stdout, /adminPass|password|By-admin-123/);
    assert.equal(w.sandbox.requests.at(-1)?.username, 'admin|fred');
    const reseller = await w.dactl(install('byres', ['--generate-password', '--as', 'fred']), {
      env: w.envFor('reseller1'),
    });
    assert.equal(reseller.code, 0, reseller.stderr);
    const notAllowed = await w.dactl(install('byalice', ['--generate-password', '--as', 'fred']), {
      env: w.envFor('alice'),
    });
    assert.equal(notAllowed.code, 3);
  });

  it('the account’s database limit is reached: 493, said as a sentence', async () => {
    const made = await w.dactl(userFlags('tiny', ['--password-stdin']), {
      env: w.envFor('admin'),
      input: 'Tiny-pass-123',
    });
    assert.equal(made.code, 0, made.stderr);
    const site = (dir: string) =>
      w.dactl(
        [
          'wp',
          'install',
          '--domain',
          'tiny.example',
          '--subdir',
          dir,
          '--title',
          'T',
          '--admin-name',
          'tiny',
          '--admin-email',
          'tiny@tiny.example',
          '--generate-password',
        ],
        { env: w.envFor('tiny') },
      );
    assert.equal((await site('one')).code, 0);
    const second = await site('two');
    assert.equal(second.code, 5);
    assert.match(second.stderr, /reached its limit of databases/);
    assert.equal((await databases('tiny')).length, 1);
  });

  it('a package without database users: 491; a full reseller: 492 (the swagger’s spelling)', async () => {
    const flags = userFlags('nodb', ['--password-stdin']).map((a) =>
      a === 'bronze' ? 'static' : a,
    );
    const made = await w.dactl(flags, { env: w.envFor('admin'), input: 'Nodb-pass-1234' });
    assert.equal(made.code, 0, made.stderr);
    const site = await w.dactl(
      [
        ...install('x', ['--generate-password']).map((a) =>
          a.startsWith('fred') ? a.replace('fred', 'nodb') : a,
        ),
      ],
      { env: w.envFor('nodb') },
    );
    assert.equal(site.code, 5, site.stderr);
    assert.match(site.stderr, /reached its limit of database users/);
    assert.deepEqual(await databases('nodb'), []);

    w.sandbox.fault({ kind: 'reseller-limit', path: '/api/wordpress/install-quick', times: 1 });
    const reseller = await w.dactl(install('full', ['--generate-password']), {
      env: w.envFor('fred'),
    });
    assert.equal(reseller.code, 5, reseller.stderr);
    assert.match(reseller.stderr, /reseller has reached its limits/);
  });

  it('without a terminal, missing inputs end the run with exit 2 naming every flag', async () => {
    const all = await sendsNothing(['wp', 'install']);
    assert.equal(all.code, 2);
    assert.match(
      all.stderr,
      /Missing --domain \(or --path\), --title, --admin-name, --admin-email and an admin password \(--password-stdin or --generate-password\)/,
    );
    const some = await sendsNothing(['wp', 'install', '--domain', 'fred.example', '--title', 'x']);
    assert.equal(some.code, 2);
    assert.match(some.stderr, /Missing --admin-name, --admin-email and an admin password/);
  });

  it('checks every input before sending: exit 2 naming the flag and the rule', async () => {
    const base = ['--title', 'T', '--admin-name', 'a', '--admin-email', 'a@b.example'];
    const cases: [string[], RegExp][] = [
      [['--path', '../x', ...base], /--path "\.\.\/x": .*without "\.\."/],
      [['--path', '/home/fred/domains/fred.example/public_html', ...base], /not absolute/],
      [['--path', 'domains/fred.example/public_html/../../etc', ...base], /without "\.\."/],
      [['--path', 'domains/fred.example/private_html', ...base], /--path .*must be domains\//],
      [
        ['--path', 'domains/fred.example/public_html', '--domain', 'fred.example', ...base],
        /either --path, or --domain/,
      ],
      [
        ['--domain', 'fred.example', '--subdir', '../up', ...base],
        /--subdir "\.\.\/up": must not contain/,
      ],
      [
        ['--path', 'domains/Fred.example/public_html', ...base],
        /--path .*the domain "Fred\.example" must be lower case/,
      ],
      [
        ['--domain', 'fred.example', '--title', 'T', '--admin-name', 'a', '--admin-email', 'nope'],
        /--admin-email "nope"/,
      ],
      [
        [
          '--domain',
          'fred.example',
          '--title',
          '',
          '--admin-name',
          'a',
          '--admin-email',
          'a@b.example',
        ],
        /--title is empty\./,
      ],
      [
        ['--domain', 'fred.example', ...base, '--admin-pass-stdin'],
        /either --password-stdin or --generate-password/,
      ],
    ];
    for (const [args, rule] of cases) {
      const result = await sendsNothing(['wp', 'install', ...args, '--generate-password']);
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.stderr, rule);
    }
  });

  it('--dry-run prints the request with adminPass hidden and sends nothing', async () => {
    const table = await sendsNothing(
      install('dry', ['--admin-pass-stdin', '--dry-run']),
      w.envFor('fred'),
      'Dry-pass-123',
    );
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^POST http:\/\/127\.0\.0\.1:\d+\/api\/wordpress\/install-quick\n/);
    assert.match(table.stdout, /"adminPass": "\*\*\*"/);
    assert.match(table.stdout, /"filePath": "domains\/fred\.example\/public_html\/dry"/);
    assert.ok(!table.stdout.includes('Dry-pass-123'));
    const asJson = await sendsNothing(
      install('dry', ['--generate-password', '--dry-run', '--json']),
    );
    const preview = json(asJson) as { request: { json: Record<string, string> } };
    assert.equal(preview.request.json.adminPass, '***');
  });
});
