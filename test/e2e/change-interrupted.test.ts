// Ctrl-C while a change is on its way (issue 10): the real process, stopped by SIGINT after the
// panel got the request, says the change may have been made and prints the generated password
// it sent, then ends as the signal ends it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RecordedRequest } from '../../src/sandbox/index.js';
import { bin, world, type World } from '../helpers/dactl.js';
import { userFlags, wpFlags } from '../helpers/inputs.js';

describe('Ctrl-C during a change', () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  /** Resolves with the next request the sandbox gets, secrets included (its log hides them). */
  const nextRequest = (): Promise<RecordedRequest> =>
    new Promise((resolve) => {
      const stop = w.sandbox.watch((request) => {
        stop();
        resolve(request);
      });
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
    const request = await arrived;
    child.kill('SIGINT');
    const sent = (field: string): unknown =>
      (JSON.parse(request.body) as Record<string, unknown>)[field];
    return { signal: await closed, stdout, stderr, sent };
  };

  it('user create --generate-password prints the password it sent', async () => {
    w.sandbox.fault({ kind: 'hang', path: '/CMD_ACCOUNT_USER', method: 'POST' });
    const result = await interrupt(userFlags('halted', ['--generate-password']), 'admin');
    assert.equal(result.signal, 'SIGINT');
    assert.match(
      result.stderr,
      /Interrupted after the request was sent: the account may exist already; check with "dactl users list"\./,
    );
    assert.ok(result.stderr.includes(`Generated password: ${String(result.sent('passwd'))}\n`));
    assert.equal(result.stdout, '');
    // The audit trail has it as a change that may have been made, without the password.
    const trail = readFileSync(join(w.home.dir, '.local/state/dactl/audit.jsonl'), 'utf8');
    assert.match(
      trail,
      /"outcome":"may-have-been-made","said":"Interrupted before the panel answered\."/,
    );
    assert.ok(!trail.includes(String(result.sent('passwd'))));
    w.sandbox.clearFaults();
  });

  it('wp install --generate-password prints the admin password it sent', async () => {
    w.sandbox.fault({ kind: 'hang', path: '/api/wordpress', method: 'POST' });
    const result = await interrupt(wpFlags('halted', ['--generate-password']), 'fred');
    assert.equal(result.signal, 'SIGINT');
    assert.match(result.stderr, /the install may still finish on the panel/);
    assert.ok(
      result.stderr.includes(`Generated admin password: ${String(result.sent('adminPass'))}\n`),
    );
    w.sandbox.clearFaults();
  });
});
