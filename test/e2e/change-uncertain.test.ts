// A change whose answer is lost (a timeout, a reset, a cut-off reply) may have been made: every
// command that changes the panel says so and names how to check, and a generated password that
// was sent is printed, on stderr or in the JSON error object. Run in-process against the sandbox.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { startSandbox, type RecordedRequest } from '../../src/sandbox/index.js';
import { world, type World } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';
import { userFlags, wpFlags } from '../helpers/inputs.js';

const faults = ['hang', 'reset', 'truncated'] as const;
const fred = ['--domain', 'fred.example'];

/** Each change, where its POST goes, and the check it must name. */
const changes: [string, string[], string, string][] = [
  [
    'unit app create',
    ['unit', 'app', 'create', 'api', ...fred, '--template', 'python', '--dir', 'api'],
    '/CMD_UNIT',
    'check with "dactl unit app show api --domain fred.example"',
  ],
  [
    'unit app modify',
    ['unit', 'app', 'modify', 'app', ...fred, '--set', 'processes=3'],
    '/CMD_UNIT',
    'check with "dactl unit app show app --domain fred.example"',
  ],
  [
    'unit app delete',
    ['unit', 'app', 'delete', 'app', ...fred, '--yes'],
    '/CMD_UNIT',
    'check with "dactl unit app list --domain fred.example"',
  ],
  [
    'unit route set',
    [
      'unit',
      'route',
      'set',
      ...fred,
      '--subdomain',
      'new',
      '--template',
      'app',
      '--var',
      'app=app',
    ],
    '/CMD_UNIT',
    'check with "dactl unit route show --domain fred.example --subdomain new"',
  ],
  [
    'unit route delete',
    ['unit', 'route', 'delete', 'kept', ...fred, '--yes'],
    '/CMD_UNIT',
    'check with "dactl unit route list --domain fred.example"',
  ],
  [
    'api -X POST',
    ['api', '-X', 'POST', '/api/anything?passwd=hidden', '-f', 'a=b'],
    '/api/anything',
    'check with a read of what it changes (dactl api /api/anything)',
  ],
  [
    'api -X DELETE',
    ['api', '-X', 'DELETE', '/api/anything'],
    '/api/anything',
    'check with a read of what it changes (dactl api /api/anything)',
  ],
];

describe('a change whose answer is lost', () => {
  let w: World;
  before(async () => {
    w = await world({}, { inProcess: true });
    const kept = await runInProcess(
      [
        'unit',
        'route',
        'set',
        ...fred,
        '--subdomain',
        'kept',
        '--template',
        'app',
        '--var',
        'app=app',
      ],
      { env: { ...w.envFor('fred') } },
    );
    assert.equal(kept.code, 0, kept.stderr);
  });
  afterEach(() => {
    w.reset();
  });
  after(() => w.close());

  const attempt = async (argv: string[], path: string, kind: string, account = 'fred') => {
    w.sandbox.fault({ kind: kind as (typeof faults)[number], path, method: 'POST' });
    w.sandbox.fault({ kind: kind as (typeof faults)[number], path, method: 'DELETE' });
    const mark = w.sandbox.requests.length;
    const result = await runInProcess([...argv, '--timeout', '0.5'], { env: w.envFor(account) });
    const sent = w.sandbox.requests.slice(mark).filter((r) => r.method !== 'GET').length;
    assert.equal(sent, 1, `${argv.join(' ')} / ${kind}: one change sent, never retried`);
    return result;
  };

  for (const [name, argv, path, check] of changes) {
    it(`${name}: says the change may have been made, and how to check`, async () => {
      for (const kind of faults) {
        const result = await attempt(argv, path, kind, name.startsWith('api') ? 'admin' : 'fred');
        assert.equal(result.code, 6, `${kind}: ${result.stderr}`);
        assert.ok(
          result.stderr.includes(
            `The request was sent, so the change may have been made: ${check} before trying again.`,
          ),
          `${kind}: ${result.stderr}`,
        );
        assert.doesNotMatch(result.stderr, /hidden/);
        w.sandbox.clearFaults();
      }
    });
  }

  it('a read that fails, or a change that never left, says nothing of the kind', async () => {
    w.sandbox.fault({ kind: 'reset', path: '/CMD_UNIT' });
    const read = await runInProcess(['unit', 'app', 'list', ...fred], { env: w.envFor('fred') });
    assert.equal(read.code, 6, read.stderr);
    assert.doesNotMatch(read.stderr, /may have been made/);
    const closed = await startSandbox({ port: 0 });
    await closed.close();
    const refused = await runInProcess(['unit', 'app', 'delete', 'app', ...fred, '--yes'], {
      env: {
        ...w.envFor('fred'),
        DACTL_URL: closed.url,
      },
    });
    assert.equal(refused.code, 6, refused.stderr);
    assert.match(refused.stderr, /connection refused/);
    assert.doesNotMatch(refused.stderr, /may have been made/);
  });

  // The sandbox's log hides passwords, so the last POST is watched as it arrives.
  let lastPost: RecordedRequest | undefined;
  before(() => {
    w.sandbox.watch((request) => {
      if (request.method === 'POST') lastPost = request;
    });
  });
  const sentPassword = (field: string): string => {
    const value = (JSON.parse(lastPost?.body ?? '{}') as Record<string, unknown>)[field];
    assert.equal(typeof value, 'string', `no ${field} in the request`);
    return value as string;
  };

  it('user create --generate-password: the password that was sent is printed', async () => {
    for (const kind of faults) {
      const table = await attempt(
        userFlags(`lost${kind}`, ['--generate-password']),
        '/CMD_ACCOUNT_USER',
        kind,
        'admin',
      );
      assert.equal(table.code, 6, table.stderr);
      assert.match(table.stderr, /the account may exist already: check with "dactl users list"/);
      assert.ok(
        table.stderr.includes(`\nGenerated password: ${sentPassword('passwd')}\n`),
        table.stderr,
      );
      assert.equal(table.stdout, '');
      w.sandbox.clearFaults();

      const asJson = await attempt(
        userFlags(`json${kind}`, ['--generate-password', '-o', 'json']),
        '/CMD_ACCOUNT_USER',
        kind,
        'admin',
      );
      const { error } = JSON.parse(asJson.stderr) as { error: Record<string, unknown> };
      assert.equal(error.exitCode, 6);
      assert.equal(error.password, sentPassword('passwd'));
      w.sandbox.clearFaults();
    }
  });

  it('user create --generate-password: also when the panel’s answer makes no sense', async () => {
    w.sandbox.fault({ kind: 'garbage', path: '/CMD_ACCOUNT_USER', method: 'POST' });
    const result = await runInProcess(userFlags('garbled', ['--generate-password', '-o', 'json']), {
      env: w.envFor('admin'),
    });
    const { error } = JSON.parse(result.stderr) as { error: Record<string, unknown> };
    assert.equal(error.exitCode, 5);
    assert.equal(error.password, sentPassword('passwd'));
  });

  it('a password the user gave is never printed', async () => {
    w.sandbox.fault({ kind: 'reset', path: '/CMD_ACCOUNT_USER', method: 'POST' });
    const result = await runInProcess(userFlags('ownpass', ['--password-stdin']), {
      env: w.envFor('admin'),
      input: 'Own-Secret-4417\n',
    });
    assert.equal(result.code, 6, result.stderr);
    assert.match(result.stderr, /the account may exist already/);
    assert.doesNotMatch(result.stderr, /Own-Secret-4417|password:/i);
  });

  it('wp install --generate-password: the admin password that was sent is printed', async () => {
    const result = await attempt(
      wpFlags('lost', ['--generate-password', '-o', 'json']),
      '/api/wordpress',
      'reset',
    );
    const { error } = JSON.parse(result.stderr) as { error: Record<string, unknown> };
    assert.equal(error.exitCode, 6);
    assert.match(String(error.hint), /the install may still finish on the panel/);
    assert.equal(error.password, sentPassword('adminPass'));
  });
});
