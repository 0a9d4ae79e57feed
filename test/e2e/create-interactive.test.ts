// user create and wp install at a real (pseudo-)terminal: each missing input is asked and
// checked as it is typed, passwords twice and hidden, and a spinner while WordPress installs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { world, type World } from '../helpers/dactl.js';
import { userFlags as flags } from '../helpers/inputs.js';
import { runInPty, needsPty } from '../helpers/pty.js';

describe('user create at a terminal', needsPty, () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  it('asks for each missing input, checked at the prompt, and the password twice', async () => {
    const result = await runInPty(['user', 'create'], w.envFor('admin'), [
      { expect: /Username of the new account/, send: 'Root\r' },
      { expect: /must start with a lower-case letter/, send: '\u0015ptyuser\r' },
      { expect: /E-mail address/, send: 'p@ptyuser.example\r' },
      { expect: /Primary domain/, send: 'ptyuser.example\r' },
      { expect: /Package/, send: 'silver\r' },
      { expect: /IP address/, send: '127.0.0.2\r' },
      { expect: /Password for ptyuser/, send: 'Tty-pass-123\r' },
      { expect: /Repeat it/, send: 'Tty-pass-123\r' },
    ]);
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /Creating the account ptyuser… \ds/);
    assert.match(result.stdout, /User ptyuser created/);
    assert.ok(!result.stdout.includes('Tty-pass-123'), 'the password was echoed');
    assert.equal(w.password('ptyuser'), 'Tty-pass-123');
  });

  it('says a taken username, domain or package at once, before the next question', async () => {
    const before = w.sandbox.requests.length;
    const result = await runInPty(['user', 'create'], w.envFor('admin'), [
      { expect: /Username of the new account/, send: 'fred\r' },
      { expect: /The username fred is taken/, send: '\u0015early\r' },
      { expect: /E-mail address/, send: 'e@early.example\r' },
      { expect: /Primary domain/, send: 'fred.example\r' },
      { expect: /fred\.example belongs to the account fred already/, send: '\u0003' },
    ]);
    assert.equal(result.code, 130, result.stdout);
    assert.doesNotMatch(result.stdout.split('is taken')[0] ?? '', /E-mail address/);
    assert.equal(w.postsSince(before).length, 0);
    // Given as a flag, it is checked before the first question; exit 5, as the panel would say.
    const flagged = await runInPty(
      ['user', 'create', '--username', 'alice', '--package', 'gold'],
      w.envFor('admin'),
      [],
    );
    assert.equal(flagged.code, 5, flagged.stdout);
    assert.match(flagged.stdout, /The username alice is taken/);
    assert.doesNotMatch(flagged.stdout, /E-mail address/);
  });

  it('entries that differ are asked again; three times different end with exit 2, nothing sent', async () => {
    const before = w.sandbox.requests.length;
    const result = await runInPty(flags('mismatch'), w.envFor('admin'), [
      { expect: /Password for mismatch/, send: 'First-pass-1\r' },
      { expect: /Repeat it/, send: 'Other-pass-2\r' },
      { expect: /\(2 of 3\)[\s\S]*Password for mismatch/, send: 'First-pass-1\r' },
      { expect: /Repeat it/, send: 'Other-pass-2\r' },
      { expect: /\(3 of 3\)[\s\S]*Password for mismatch/, send: 'First-pass-1\r' },
      { expect: /Repeat it/, send: 'Other-pass-2\r' },
    ]);
    assert.equal(result.code, 2, result.stdout);
    assert.match(result.stdout, /do not match/);
    // Only the look-ups made before the first question (is the username taken?), no change.
    assert.equal(w.postsSince(before).length, 0);
  });

  it('--password-stdin with a terminal on stdin fails at once, before any prompt', async () => {
    const result = await runInPty(['user', 'create', '--password-stdin'], w.envFor('admin'), []);
    assert.equal(result.code, 2, result.stdout);
    assert.match(result.stdout, /--password-stdin reads the secret from a pipe/);
    assert.doesNotMatch(result.stdout, /Username/);
  });
});

describe('wp install at a terminal', needsPty, () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  it('asks for what is missing, the password twice, and spins while the panel works', async () => {
    const result = await runInPty(['wp', 'install', '--subdir', 'tty'], w.envFor('fred'), [
      // The account's domains are offered; typing filters them, in any case.
      { expect: /Domain[\s\S]*fred\.example[\s\S]*fredshop\.example/, send: 'Fred.ex\r' },
      { expect: /Site title/, send: 'At a terminal\r' },
      { expect: /Admin login name/, send: 'fred\r' },
      { expect: /Admin e-mail/, send: 'fred@fred.example\r' },
      { expect: /Password for the WordPress admin fred/, send: 'Tty-pass-123\r' },
      { expect: /Repeat it/, send: 'Tty-pass-123\r' },
    ]);
    assert.equal(result.code, 0, result.stdout);
    assert.match(
      result.stdout,
      /Installing WordPress in domains\/fred\.example\/public_html\/tty… \ds/,
    );
    assert.match(result.stdout, /WordPress installed at http:\/\/fred\.example\/tty/);
    assert.ok(!result.stdout.includes('Tty-pass-123'), 'the password was echoed');
    assert.ok(result.stdout.includes('\u001b[?25h'), 'the cursor is given back');
  });
});
