// Ctrl-C while a change is on its way (issue 10): the real process, stopped by SIGINT after the
// panel got the request, says the change may have been made and prints the generated password
// it sent, then ends as the signal ends it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { bin, world, type World } from '../helpers/dactl.js';
import { userFlags, wpFlags } from '../helpers/inputs.js';

describe('Ctrl-C during a change', () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  /** Resolves when the sandbox records its next request. */
  const nextRequest = (): Promise<void> =>
    new Promise((resolve) => {
      const { requests } = w.sandbox;
      const push = requests.push.bind(requests);
      requests.push = (...items) => {
        requests.push = push;
        const length = push(...items);
        resolve();
        return length;
      };
    });

  const interrupt = async (args: string[], account: string) => {
    const arrived = nextRequest();
    const child = spawn(process.execPath, [bin, ...args], {
      env: w.envFor(account),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const closed = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('close', (_code, signal) => {
        resolve(signal);
      }),
    );
    await arrived;
    child.kill('SIGINT');
    return { signal: await closed, stdout, stderr };
  };

  const sent = (field: string): unknown =>
    (JSON.parse(w.sandbox.requests.at(-1)?.body ?? '{}') as Record<string, unknown>)[field];

  it('user create --generate-password prints the password it sent', async () => {
    w.sandbox.fault({ kind: 'hang', path: '/CMD_ACCOUNT_USER', method: 'POST' });
    const result = await interrupt(userFlags('halted', ['--generate-password']), 'admin');
    assert.equal(result.signal, 'SIGINT');
    assert.match(
      result.stderr,
      /Interrupted after the request was sent: the account may exist already; check with "dactl users list"\./,
    );
    assert.ok(result.stderr.includes(`Generated password: ${String(sent('passwd'))}\n`));
    assert.equal(result.stdout, '');
    w.sandbox.clearFaults();
  });

  it('wp install --generate-password prints the admin password it sent', async () => {
    w.sandbox.fault({ kind: 'hang', path: '/api/wordpress', method: 'POST' });
    const result = await interrupt(wpFlags('halted', ['--generate-password']), 'fred');
    assert.equal(result.signal, 'SIGINT');
    assert.match(result.stderr, /the install may still finish on the panel/);
    assert.ok(result.stderr.includes(`Generated admin password: ${String(sent('adminPass'))}\n`));
    w.sandbox.clearFaults();
  });
});
