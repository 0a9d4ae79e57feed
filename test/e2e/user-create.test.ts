// user create end to end: cron style, prompts at a terminal, checks before sending, the panel's
// refusals, faults, and a created account that is real (logs in, listed, impersonated).
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';
import { userFlags as flags } from '../helpers/inputs.js';

describe('user create', () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  afterEach(() => {
    w.reset();
  });
  after(() => w.close());

  const exists = (name: string): boolean => w.sandbox.accounts.some((a) => a.username === name);
  /** Runs dactl and asserts that nothing at all reached the sandbox. */
  const sendsNothing = async (args: string[], env = w.envFor('admin'), input?: string) => {
    const before = w.sandbox.requests.length;
    const result = await w.dactl(args, { env, input });
    assert.equal(w.sandbox.requests.length, before, `a request was sent: ${result.stderr}`);
    return result;
  };

  it('cron style: every input a flag, the password from stdin, one POST of spec 2.3', async () => {
    const before = w.sandbox.requests.length;
    const result = await w.dactl(flags('cronuser', ['--notify', '--password-stdin']), {
      env: w.envFor('admin'),
      input: 'Cron-pass-123\n',
    });
    assert.equal(result.code, 0, result.stderr);
    // stdout is the record (data); the sentence is a message, on stderr.
    assert.match(result.stdout, /^Username +cronuser\nE-mail +cronuser@cronuser\.example\n/);
    assert.match(result.stdout, /\nNotified +yes\n$/);
    assert.doesNotMatch(result.stdout, /created|Password/);
    assert.match(result.stderr, /User cronuser created/);
    const sent = w.sandbox.requests.slice(before);
    assert.equal(sent.length, 1);
    const request = sent.at(0);
    assert.ok(request);
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/CMD_ACCOUNT_USER');
    assert.deepEqual(request.query, { json: 'yes' });
    assert.match(String(request.headers['content-type']), /application\/json/);
    assert.deepEqual(JSON.parse(request.body), {
      action: 'create',
      add: 'yes',
      json: 'yes',
      username: 'cronuser',
      email: 'cronuser@cronuser.example',
      // Hidden in the sandbox's log; the next test logs in with it.
      passwd: '***',
      passwd2: '***',
      domain: 'cronuser.example',
      package: 'bronze',
      ip: '127.0.0.1',
      notify: 'yes',
    });
  });

  it('the created account is real: logs in, is listed, the admin acts as it', async () => {
    assert.equal(w.password('cronuser'), 'Cron-pass-123');
    const login = await w.dactl(['whoami', '-o', 'json'], { env: w.envFor('cronuser') });
    assert.equal(login.code, 0, login.stderr);
    const list = await w.dactl(['users', 'list', '-o', 'json'], { env: w.envFor('admin') });
    const users = json(list) as { username: string }[];
    assert.ok(users.some((u) => u.username === 'cronuser'));
    const dbs = await w.dactl(['db', 'list', '--as', 'cronuser', '-o', 'json'], {
      env: w.envFor('admin'),
    });
    assert.equal(dbs.code, 0, dbs.stderr);
    assert.deepEqual(json(dbs), []);
  });

  it('--generate-password -o json: the account without secrets, plus the password that logs in', async () => {
    const result = await w.dactl(flags('genuser', ['--generate-password', '-o', 'json']), {
      env: w.envFor('admin'),
    });
    assert.equal(result.code, 0, result.stderr);
    const created = json(result) as Record<string, unknown>;
    const password = String(created.password);
    assert.deepEqual(created, {
      username: 'genuser',
      email: 'genuser@genuser.example',
      domain: 'genuser.example',
      package: 'bronze',
      ip: '127.0.0.1',
      notify: false,
      password,
    });
    assert.match(password, /^\S{20}$/);
    assert.ok(!result.stderr.includes(password));
    const env = { ...w.envFor('admin'), DACTL_USERNAME: 'genuser', DACTL_PASSWORD: password };
    assert.equal((await w.dactl(['whoami'], { env })).code, 0);
  });

  it('a generated password in a table is shown once, with a warning; a given one never', async () => {
    const table = await w.dactl(flags('tableuser', ['--generate-password']), {
      env: w.envFor('admin'),
    });
    assert.equal(table.code, 0, table.stderr);
    // The password is data, the record's last line; the warning a message, on stderr.
    const match = /\nPassword +(\S+)\n$/.exec(table.stdout);
    assert.equal(match?.[1], w.password('tableuser'));
    assert.match(table.stderr, /User tableuser created\n.*will not be shown again/s);
    assert.ok(!table.stderr.includes(match[1]));
    // -q silences the messages; a script reads the password from the record (-o tsv: last field).
    const quiet = await w.dactl(flags('quietuser', ['--generate-password', '-q', '-o', 'tsv']), {
      env: w.envFor('admin'),
    });
    assert.equal(quiet.code, 0, quiet.stderr);
    assert.equal(quiet.stderr, '');
    const fields = quiet.stdout.trimEnd().split('\t');
    assert.equal(fields[0], 'quietuser');
    assert.equal(fields.at(-1), w.password('quietuser'));
    const given = await w.dactl(flags('givenuser', ['--password-stdin', '-o', 'json']), {
      env: w.envFor('admin'),
      input: 'Given-pass-123',
    });
    assert.equal(given.code, 0, given.stderr);
    assert.equal((json(given) as Record<string, unknown>).password, undefined);
    assert.ok(!given.stdout.includes('Given-pass-123') && !given.stderr.includes('Given-pass'));
  });

  it('without a terminal, missing inputs end the run with exit 2 naming every flag at once', async () => {
    const all = await sendsNothing(['user', 'create']);
    assert.equal(all.code, 2);
    assert.match(
      all.stderr,
      /Missing --username, --email, --domain, --package, --ip and a password \(--password-stdin or --generate-password\)/,
    );
    assert.equal(all.stdout, '');
    const some = await sendsNothing(['user', 'create', '--username', 'x1x', '--ip', '127.0.0.1']);
    assert.equal(some.code, 2);
    assert.match(some.stderr, /Missing --email, --domain, --package and a password/);
    const json = await sendsNothing(flags('nopw', ['-o', 'json']));
    assert.equal(json.code, 2);
    assert.match(json.stderr, /"code":"USAGE".*Missing a password/);
  });

  it('checks every input before sending: exit 2 naming the flag and the rule', async () => {
    const cases: [string[], RegExp][] = [
      [flags('Fred'), /--username "Fred": must start with a lower-case letter/],
      [flags('ab'), /--username "ab": must be 3 to 16 characters/],
      [flags('root'), /--username "root": "root" is a reserved system name/],
      [flags('a-b'), /--username "a-b": use lower-case letters and digits only/],
      [[...flags('okname'), '--email', 'nope'], /--email "nope": must be an e-mail address/],
      [
        [...flags('okname'), '--domain', 'Big..example'],
        /--domain "big\.\.example": each part between dots/,
      ],
      [[...flags('okname'), '--domain', 'localhost'], /--domain "localhost": must contain a dot/],
      [[...flags('okname'), '--ip', '300.1.1.1'], /--ip "300.1.1.1": must be an IPv4 address/],
      [[...flags('okname'), '--ip', '10.0.0'], /--ip "10.0.0": must be an IPv4 address/],
      [
        flags('okname', ['--password-stdin', '--generate-password']),
        /either --password-stdin or --generate-password/,
      ],
    ];
    for (const [args, rule] of cases) {
      const result = await sendsNothing([...args, '--generate-password'], w.envFor('admin'));
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.stderr, rule);
    }
    const empty = await sendsNothing(flags('okname', ['--password-stdin']), w.envFor('admin'), '');
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /stdin was empty/);
  });

  it('the panel’s refusals end with exit 5 in the panel’s own words', async () => {
    const refuse = async (args: string[], words: RegExp, input = 'Long-enough-1') => {
      const result = await w.dactl(args, { env: w.envFor('admin'), input });
      assert.equal(result.code, 5, result.stderr);
      assert.match(result.stderr, words);
      assert.equal(result.stdout, '');
    };
    await refuse(
      [...flags('fred', ['--password-stdin']), '--domain', 'x.example'],
      /Cannot Create Account: That username already exists on the system/,
    );
    await refuse(
      [...flags('pkguser', ['--password-stdin']), '--package', 'gold'],
      /Package not found/,
    );
    await refuse(
      [...flags('domuser', ['--password-stdin']), '--domain', 'fred.example'],
      /That domain already exists/,
    );
    await refuse(flags('weakuser', ['--password-stdin']), /Password is too short/, 'short');
    await refuse(
      [...flags('ipuser', ['--password-stdin']), '--ip', '192.0.2.55'],
      /That IP is not on this server/,
    );
    for (const name of ['pkguser', 'domuser', 'weakuser', 'ipuser']) assert.ok(!exists(name));
  });

  it('a user-level account gets exit 3 saying what is needed, also as admin --as a user', async () => {
    const fred = await w.dactl(flags('byfred', ['--generate-password']), { env: w.envFor('fred') });
    assert.equal(fred.code, 3);
    assert.match(fred.stderr, /user create needs an admin or reseller account; fred is not one/);
    const asFred = await w.dactl(flags('byfred', ['--generate-password', '--as', 'fred']), {
      env: w.envFor('admin'),
    });
    assert.equal(asFred.code, 3);
    assert.match(asFred.stderr, /admin\|fred is not one/);
    assert.ok(!exists('byfred'));
  });

  it('a reseller creates users it owns and may act as; admin --as reseller1 does the same', async () => {
    const own = await w.dactl(flags('resuser', ['--generate-password', '-o', 'tsv']), {
      env: w.envFor('reseller1'),
    });
    assert.equal(own.code, 0, own.stderr);
    assert.equal(
      own.stdout,
      `resuser\tresuser@resuser.example\tresuser.example\tbronze\t127.0.0.1\tfalse\t${w.password('resuser')}\n`,
    );
    const listed = await w.dactl(['db', 'list', '--as', 'resuser'], { env: w.envFor('reseller1') });
    assert.equal(listed.code, 0, listed.stderr);

    const viaAdmin = await w.dactl(
      flags('viaadmin', ['--generate-password', '--as', 'reseller1']),
      {
        env: w.envFor('admin'),
      },
    );
    assert.equal(viaAdmin.code, 0, viaAdmin.stderr);
    assert.equal(w.sandbox.requests.at(-1)?.username, 'admin|reseller1');
    const byOwner = await w.dactl(['whoami', '--as', 'viaadmin'], { env: w.envFor('reseller1') });
    assert.equal(byOwner.code, 0, byOwner.stderr);
    // Another reseller's user is off limits to a plain user.
    const byFred = await w.dactl(['whoami', '--as', 'viaadmin'], { env: w.envFor('fred') });
    assert.equal(byFred.code, 3);
  });

  it('--dry-run prints the request with the password hidden and sends nothing', async () => {
    const table = await sendsNothing(
      flags('dryuser', ['--password-stdin', '--dry-run']),
      w.envFor('admin'),
      'Dry-pass-123',
    );
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^POST http:\/\/127\.0\.0\.1:\d+\/CMD_ACCOUNT_USER\?json=yes\n/);
    assert.match(table.stdout, /"passwd": "\*\*\*"/);
    assert.match(table.stdout, /"passwd2": "\*\*\*"/);
    assert.ok(!table.stdout.includes('Dry-pass-123'));
    assert.match(table.stderr, /nothing was sent/);

    const asJson = await sendsNothing(
      flags('dryuser', ['--generate-password', '--dry-run', '-o', 'json']),
    );
    const preview = json(asJson) as { dryRun: boolean; request: { json: Record<string, string> } };
    assert.equal(preview.dryRun, true);
    assert.equal(preview.request.json.passwd, '***');
    assert.equal(preview.request.json.username, 'dryuser');
    assert.ok(!exists('dryuser'));
  });
});
