// Panel faults as `unit route` meets them: every command ends with its documented exit code, a
// message without a stack, and nothing half done on the panel.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';
import { panelFaults as faults } from '../helpers/faults.js';

const domain = ['--domain', 'fred.example'];
const route = JSON.stringify([{ action: { return: 204 } }]);
const commands: Record<string, { args: string[]; input?: string }> = {
  list: { args: ['list', ...domain] },
  show: { args: ['show', ...domain] },
  set: { args: ['set', ...domain, '--template', 'app', '--var', 'app=app'] },
  setStdin: { args: ['set', ...domain, '--subdomain', 'shop', '--file', '-'], input: route },
  edit: { args: ['edit', ...domain] },
  validate: { args: ['validate', '-', ...domain], input: route },
  delete: { args: ['delete', 'fred.example', ...domain, '--yes'] },
};

describe('unit route: panel faults', () => {
  let w: World;
  let fred: Record<string, string>;
  before(async () => {
    w = await world({}, { inProcess: true });
    fred = { ...w.envFor('fred'), EDITOR: 'sed -i s/204/205/' };
    const first = await run(['set', ...domain, '--template', 'app', '--var', 'app=app']);
    assert.equal(first.code, 0, first.stderr);
  });
  afterEach(() => {
    w.sandbox.clearFaults();
    w.sandbox.modes.badCredentials = 'status';
    w.sandbox.modes.legacyErrors = 'status';
  });
  after(() => w.close());

  // A generous budget where the panel answers (a loaded machine is slow); 1 s where it hangs.
  const run = (args: string[], env = fred, input?: string, timeout = '10') =>
    w.dactl(['unit', 'route', ...args, '--timeout', timeout], { env, input });
  const state = async (): Promise<unknown> => [
    json(await w.dactl(['unit', 'route', 'list', ...domain, '-o', 'json'], { env: fred })),
    json(await w.dactl(['unit', 'route', 'show', ...domain, '-o', 'json'], { env: fred })),
  ];

  it('each fault ends each command with its exit code, and changes nothing', async () => {
    const untouched = await state();
    for (const [kind, code, words] of faults) {
      for (const [name, { args, input }] of Object.entries(commands)) {
        w.sandbox.fault({ kind, path: '/CMD_UNIT' });
        const result = await run(args, fred, input);
        w.sandbox.clearFaults();
        assert.equal(result.code, code, `${name} / ${kind}: ${result.stderr}`);
        assert.match(result.stderr, words, `${name} / ${kind}`);
        assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
      }
    }
    assert.deepEqual(await state(), untouched);
  });

  it('a failed change is never retried and leaves the route as it was', async () => {
    const untouched = await state();
    for (const kind of ['status-503', 'reset', 'hang'] as const) {
      for (const name of ['setStdin', 'delete']) {
        const { args = [], input } = commands[name] ?? {};
        w.sandbox.fault({ kind, path: '/CMD_UNIT', method: 'POST' });
        const before = w.sandbox.requests.length;
        const result = await run(args, fred, input, '1');
        w.sandbox.clearFaults();
        assert.equal(result.code, 6, `${name} / ${kind}: ${result.stderr}`);
        const posts = w.postsSince(before);
        assert.equal(posts.length, 1, `${name} / ${kind}: one POST, never retried`);
      }
    }
    w.sandbox.fault({ kind: 'status-502', path: '/CMD_UNIT', times: 2 });
    const show = await run(['show', ...domain, '-o', 'json']);
    assert.equal(show.code, 0, show.stderr);
    assert.deepEqual(await state(), untouched);
  });

  it('a panel that does not answer: exit 6 within the --timeout', async () => {
    w.sandbox.fault({ kind: 'hang', path: '/CMD_UNIT' });
    const result = await run(commands.set?.args ?? [], fred, undefined, '1');
    assert.equal(result.code, 6);
    assert.match(result.stderr, /did not answer within 1 s/);
  });

  it('bad credentials as 401 or as the login page: exit 3, nothing sent after', async () => {
    const wrong = { ...fred, DACTL_PASSWORD: 'wrong' };
    for (const mode of ['status', 'login-page'] as const) {
      w.sandbox.modes.badCredentials = mode;
      for (const [name, { args, input }] of Object.entries(commands)) {
        const before = w.sandbox.requests.length;
        const result = await run(args, wrong, input);
        assert.equal(result.code, 3, `${name} / ${mode}: ${result.stderr}`);
        assert.match(result.stderr, /refused the login|login page/);
        assert.equal(w.sandbox.requests.length - before, 1, `${name} sent more after the refusal`);
      }
    }
  });

  it('a legacy error in a 200 reply (error=1): exit 5 with the panel’s words', async () => {
    w.sandbox.modes.legacyErrors = 'ok';
    // Another account's domain is the same case as with a 403: exit 3, saying so.
    const other = await run(['show', '--domain', 'alice.example']);
    assert.equal(other.code, 3, other.stderr);
    assert.match(other.stderr, /alice\.example is not one of fred's domains/);
    // The panel's own checks answer too, when dactl's are passed by a raw request.
    const raw = await w.dactl(
      [
        'api',
        '/CMD_UNIT',
        '-f',
        'action=set_route',
        '-f',
        'domain=fred.example',
        '-f',
        `routes=${JSON.stringify([{ action: { pass: 'applications/alice.example_blog' } }])}`,
      ],
      { env: fred },
    );
    assert.equal(raw.code, 5, raw.stderr);
    assert.match(raw.stderr, /Cannot save the route.*belongs to another domain/s);
  });

  it('with -o json, a fault is one JSON error object on stderr', async () => {
    w.sandbox.fault({ kind: 'garbage', path: '/CMD_UNIT', times: 1 });
    const result = await run(['show', ...domain, '-o', 'json']);
    assert.equal(result.code, 5);
    const error = JSON.parse(result.stderr) as { error: { code: string; exitCode: number } };
    assert.deepEqual([error.error.code, error.error.exitCode], ['REJECTED', 5]);
  });
});
