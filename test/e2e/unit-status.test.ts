// `unit status` and `unit app restart` as the built binary runs them on the panel's server,
// against the sandbox's Unit socket and data directory: at a terminal (--watch, the restart's
// question), in a pipe, and as a user who may not open the socket.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { run } from '../helpers/dactl.js';
import { needsPty, runInPty } from '../helpers/pty.js';
import { unitServer, type UnitServer } from '../helpers/unit-server.js';

describe('e2e: unit status and unit app restart', () => {
  let s: UnitServer;
  before(async () => {
    s = await unitServer();
  });
  after(() => s.close());

  it('status: the table with each application’s owner; restart --yes -o json', async () => {
    const status = await run(['unit', 'status'], { env: s.env });
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stdout, /^fred\s+fred\.example\s+app\s+1\s+0\s+1\s+0$/m);
    assert.match(status.stdout, /^All of Unit: connections 0 accepted/m);
    const restart = await run(
      ['unit', 'app', 'restart', 'app', '--domain', 'fred.example', '--yes', '-o', 'json'],
      { env: s.env },
    );
    assert.equal(restart.code, 0, restart.stderr);
    assert.equal((JSON.parse(restart.stdout) as { user: string }).user, 'fred');
    assert.deepEqual(s.sandbox.unitRestarts, ['fred.example_app']);
  });

  it(
    'not root: the socket is exit 3, saying to run this command as root',
    { skip: process.getuid?.() !== 0 },
    async () => {
      const r = await run(['unit', 'status'], { env: { ...s.env, HOME: '/tmp' }, uid: 65534 });
      assert.equal(r.code, 3, r.stderr);
      assert.match(
        r.stderr,
        /permission denied\.\nhint: Run it as root \(sudo dactl unit status\)/,
      );
    },
  );

  describe('at a terminal', needsPty, () => {
    it('--watch draws again until Ctrl-C, which ends it with exit 0', async () => {
      // `script` runs the command with $SHELL; dash would die of the Ctrl-C itself (exit 130)
      // whatever dactl did, while bash waits and exits as dactl does.
      const env = { ...s.env, SHELL: '/bin/bash' };
      const r = await runInPty(['unit', 'status', '--watch', '1'], env, [
        {
          expect: /Every 1 s[\s\S]*fred\.example[\s\S]*Every 1 s[\s\S]*fred\.example/,
          send: '\u0003',
        },
      ]);
      assert.equal(r.code, 0, r.stdout);
      assert.ok(r.stdout.split('\u001b[H\u001b[2J').length > 2, r.stdout);
    });

    it('restart asks first, naming the owner: no is exit 130 and nothing sent, yes restarts', async () => {
      const args = ['unit', 'app', 'restart', 'blog', '--domain', 'alice.example'];
      const question = /Restart alice\.example_blog, alice's application blog of alice\.example\?/;
      const declined = await runInPty(args, s.env, [{ expect: question, send: 'n\r' }]);
      assert.equal(declined.code, 130, declined.stdout);
      assert.ok(!s.sandbox.unitRestarts.includes('alice.example_blog'));
      const accepted = await runInPty(args, s.env, [{ expect: question, send: 'y\r' }]);
      assert.equal(accepted.code, 0, accepted.stdout);
      assert.match(accepted.stdout, /Restarted alice\.example_blog/);
      assert.equal(s.sandbox.unitRestarts.at(-1), 'alice.example_blog');
    });
  });
});
