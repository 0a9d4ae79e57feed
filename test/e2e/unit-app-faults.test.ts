// Panel faults as `unit app` meets them: every command ends with its documented exit code, a
// message without a stack, and nothing half done on the panel.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';
import { panelFaults as faults } from '../helpers/faults.js';

const domain = ['--domain', 'fred.example'];
const commands: Record<string, string[]> = {
  list: ['list', ...domain],
  show: ['show', 'app', ...domain],
  create: ['create', 'api', ...domain, '--template', 'python', '--dir', 'api'],
  modify: ['modify', 'app', ...domain, '--set', 'processes=3'],
  delete: ['delete', 'app', ...domain, '--yes'],
};

describe('unit app: panel faults', () => {
  let w: World;
  let fred: Record<string, string>;
  before(async () => {
    w = await world({}, { inProcess: true });
    fred = w.envFor('fred');
  });
  afterEach(() => {
    w.reset();
  });
  after(() => w.close());

  // A generous budget where the panel answers (a loaded machine is slow); 1 s where it hangs.
  const run = (args: string[], env = fred, timeout = '10') =>
    w.dactl(['unit', 'app', ...args, '--timeout', timeout], { env });
  const stored = async (): Promise<unknown> =>
    json(await w.dactl(['unit', 'app', 'list', ...domain, '-o', 'json'], { env: fred }));

  it('each fault ends each command with its exit code, and changes nothing', async () => {
    const untouched = await stored();
    for (const [kind, code, words] of faults) {
      for (const [name, args] of Object.entries(commands)) {
        w.sandbox.fault({ kind, path: '/CMD_UNIT' });
        const result = await run(args);
        w.sandbox.clearFaults();
        assert.equal(result.code, code, `${name} / ${kind}: ${result.stderr}`);
        assert.match(result.stderr, words, `${name} / ${kind}`);
        assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
      }
    }
    assert.deepEqual(await stored(), untouched);
  });

  it('a POST is never retried; a GET is, and succeeds when the panel recovers', async () => {
    w.sandbox.fault({ kind: 'status-503', path: '/CMD_UNIT' });
    const before = w.sandbox.requests.length;
    const create = await run(commands.create ?? []);
    assert.equal(create.code, 6);
    assert.equal(w.sandbox.requests.length - before, 1);
    w.sandbox.clearFaults();
    w.sandbox.fault({ kind: 'status-502', path: '/CMD_UNIT', times: 2 });
    const list = await run([...(commands.list ?? []), '-o', 'json']);
    assert.equal(list.code, 0, list.stderr);
  });

  it('a panel that does not answer: exit 6 within the --timeout', async () => {
    w.sandbox.fault({ kind: 'hang', path: '/CMD_UNIT' });
    const create = await run(commands.create ?? [], fred, '1');
    assert.equal(create.code, 6);
    assert.match(create.stderr, /did not answer within 1 s/);
    assert.match(create.stderr, /--timeout/);
  });

  it('bad credentials as 401 or as the login page: exit 3, nothing sent after', async () => {
    const wrong = { ...fred, DACTL_PASSWORD: 'wrong' };
    for (const mode of ['status', 'login-page'] as const) {
      w.sandbox.modes.badCredentials = mode;
      for (const [name, args] of Object.entries(commands)) {
        const before = w.sandbox.requests.length;
        const result = await run(args, wrong);
        assert.equal(result.code, 3, `${name} / ${mode}: ${result.stderr}`);
        assert.match(result.stderr, /refused the login|login page/);
        assert.equal(w.sandbox.requests.length - before, 1, `${name} sent more after the refusal`);
      }
    }
  });

  it('a legacy error in a 200 reply (error=1): exit 5 with the panel’s words', async () => {
    w.sandbox.modes.legacyErrors = 'ok';
    // Another account's domain is the same case as with a 403: exit 3, saying so.
    const other = await run(['list', '--domain', 'alice.example']);
    assert.equal(other.code, 3, other.stderr);
    assert.match(other.stderr, /alice\.example is not one of fred's domains/);
    const missing = await run([
      'create',
      'shop',
      ...domain,
      '--template',
      'nodejs',
      '--dir',
      'shop',
    ]);
    assert.equal(missing.code, 5);
    assert.match(missing.stderr, /The file app\.js does not exist/);
    assert.match(missing.stderr, /hint: Upload the application first/);
  });

  it('with -o json, a fault is one JSON error object on stderr', async () => {
    w.sandbox.fault({ kind: 'garbage', path: '/CMD_UNIT', times: 1 });
    const result = await run(['show', 'app', ...domain, '-o', 'json']);
    assert.equal(result.code, 5);
    const error = JSON.parse(result.stderr) as { error: { code: string; exitCode: number } };
    assert.deepEqual([error.error.code, error.error.exitCode], ['REJECTED', 5]);
  });
});
