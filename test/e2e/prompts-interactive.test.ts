// What a person meets at a terminal when an answer is wrong: the question comes again, keeping
// what was typed; lists read from the panel to choose from; a domain of another account named
// with its owner before any question. Runs the real binary under a pseudo-terminal.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';
import { runInPty, needsPty } from '../helpers/pty.js';

const down = '\u001b[B';
const clearLine = '\u0015';

describe('prompts that ask again', needsPty, () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  const profiles = (): Record<string, { password?: string; username: string }> =>
    (
      JSON.parse(readFileSync(join(w.home.configDir, 'config.json'), 'utf8')) as {
        profiles: Record<string, { password?: string; username: string }>;
      }
    ).profiles;
  const account = async (name: string): Promise<{ package: string } | undefined> => {
    const list = json(await w.dactl(['users', 'list', '-o', 'json'], { env: w.envFor('admin') }));
    return (list as { username: string; package: string }[]).find((u) => u.username === name);
  };

  it('bare profile add asks the name too; a wrong password is asked again', async () => {
    const secret = w.password('fred');
    const result = await runInPty(['profile', 'add'], w.home.env, [
      { expect: /Profile name/, send: 'no good\r' },
      { expect: /use letters, digits/, send: `${clearLine}mine\r` },
      { expect: /Panel URL/, send: `${w.sandbox.url}\r` },
      { expect: /Username/, send: 'fred\r' },
      { expect: /Password \(or Login Key\) for fred/, send: 'wrong-one\r' },
      {
        expect: /refused that password; try again \(2 of 3\)[\s\S]*Password/,
        send: `${secret}\r`,
      },
    ]);
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /Saved profile "mine"/);
    assert.equal(profiles().mine?.password, secret);
    assert.ok(!result.stdout.includes(secret), 'the password was echoed');
  });

  it('three refused passwords end the run with exit 3, saving nothing', async () => {
    const result = await runInPty(
      ['profile', 'add', 'never', '--url', w.sandbox.url, '--username', 'fred'],
      w.home.env,
      [
        { expect: /Password/, send: 'wrong-1\r' },
        { expect: /\(2 of 3\)[\s\S]*Password/, send: 'wrong-2\r' },
        { expect: /\(3 of 3\)[\s\S]*Password/, send: 'wrong-3\r' },
      ],
    );
    assert.equal(result.code, 3, result.stdout);
    assert.match(result.stdout, /The panel refused the login/);
    assert.equal(profiles().never, undefined);
  });

  it('login asks the account password again when the panel refuses it', async () => {
    const result = await runInPty(
      ['login', '-p', 'keyed', '--url', w.sandbox.url, '--username', 'alice'],
      w.home.env,
      [
        { expect: /Password of alice/, send: 'not-it\r' },
        { expect: /\(2 of 3\)[\s\S]*Password of alice/, send: `${w.password('alice')}\r` },
      ],
    );
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /Logged in to .* as alice/);
    assert.equal(profiles().keyed?.username, 'alice');
  });

  it('user create: lists from the panel, a domain lower-cased, wrong answers asked again', async () => {
    const result = await runInPty(['user', 'create'], w.envFor('admin'), [
      { expect: /Username of the new account/, send: 'wilma\r' },
      { expect: /E-mail address/, send: 'wilma@wilma.example\r' },
      { expect: /Primary domain/, send: 'Wilma.Example\r' },
      // The panel's packages are listed; one it does not have is refused at the prompt.
      { expect: /Package[\s\S]*default[\s\S]*starter/, send: 'gold' },
      { expect: /gold \(as typed\)/, send: '\r' },
      {
        expect: /the panel has no package "gold": choose one of default, bronze/,
        send: clearLine,
      },
      { expect: /❯ default/, send: 'silv' },
      { expect: /❯ silver/, send: '\r' },
      // The server's addresses: the second one, with the arrow key.
      { expect: /IP address[\s\S]*127\.0\.0\.1[\s\S]*127\.0\.0\.2/, send: down },
      { expect: /❯ 127\.0\.0\.2/, send: '\r' },
      { expect: /Password for wilma \(Enter alone generates one\)/, send: 'short\r' },
      { expect: /must be at least 8 characters/, send: `${clearLine}First-pass-1\r` },
      { expect: /Repeat it/, send: 'Other-pass-2\r' },
      { expect: /do not match; type it again \(2 of 3\)[\s\S]*Password/, send: 'Tty-pass-123\r' },
      { expect: /Repeat it/, send: 'Tty-pass-123\r' },
    ]);
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /Domains are lower case: using wilma\.example\./);
    assert.match(result.stdout, /User wilma created/);
    assert.equal(w.password('wilma'), 'Tty-pass-123');
    assert.equal((await account('wilma'))?.package, 'silver');
    const ip = await w.dactl(['api', 'CMD_API_SHOW_USER_CONFIG', '-f', 'user=wilma'], {
      env: w.envFor('admin'),
    });
    assert.match(ip.stdout, /"ip":"127\.0\.0\.2"/);
  });

  it('user create: Enter alone generates the password, shown once as --generate-password is', async () => {
    const flags = ['--email', 'g@gen.example', '--domain', 'gen.example'];
    const result = await runInPty(
      ['user', 'create', '--username', 'gen', ...flags, '--package', 'bronze', '--ip', 'shared'],
      w.envFor('admin'),
      [{ expect: /Password for gen \(Enter alone generates one\)/, send: '\r' }],
    );
    assert.equal(result.code, 0, result.stdout);
    assert.doesNotMatch(result.stdout, /Repeat it/);
    assert.ok(result.stdout.includes(w.password('gen')), 'the generated password is not shown');
    assert.match(result.stdout, /This password will not be shown again/);
  });

  it('wp install: another account’s domain is named with its owner before any question', async () => {
    const result = await runInPty(
      ['wp', 'install', '--domain', 'fred.example'],
      w.envFor('admin'),
      [],
    );
    assert.equal(result.code, 3, result.stdout);
    assert.match(result.stdout, /fred\.example belongs to fred: add --as fred\./);
    assert.doesNotMatch(result.stdout, /Site title/);
  });

  it('wp install: the domain is chosen from the account’s; another typed is refused at the prompt', async () => {
    const result = await runInPty(
      ['wp', 'install', '--subdir', 'picked', '--generate-password'],
      w.envFor('fred'),
      [
        { expect: /Domain[\s\S]*fred\.example[\s\S]*fredshop\.example/, send: 'alice.example' },
        { expect: /alice\.example \(as typed\)/, send: '\r' },
        { expect: /alice\.example is not one of fred's domains/, send: clearLine },
        { expect: /❯ fred\.example/, send: down },
        { expect: /❯ fredshop\.example/, send: '\r' },
        { expect: /Site title/, send: 'Picked\r' },
        { expect: /Admin login name/, send: 'fred\r' },
        { expect: /Admin e-mail/, send: 'fred@fred.example\r' },
      ],
    );
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /WordPress installed at http:\/\/fredshop\.example\/picked/);
  });

  it('bare unit app create asks the name after the domain', async () => {
    const result = await runInPty(['unit', 'app', 'create'], w.envFor('fred'), [
      { expect: /Domain[\s\S]*fred\.example/, send: '\r' },
      { expect: /Application name/, send: 'bad/name\r' },
      { expect: /must not contain "\/"/, send: `${clearLine}web\r` },
      { expect: /Template/, send: '\r' },
      { expect: /Application directory/, send: `${clearLine}app\r` },
      { expect: /Entry script/, send: '\r' },
    ]);
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /Created fred\.example_web/);
  });
});
