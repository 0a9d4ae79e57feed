// Hostile replies across the command tree: JSON nested 100,000 levels deep, a reply over the size
// limit or without end, bytes that are not UTF-8, and a reply that trickles forever. Every
// command, read or write, ends with its documented exit code (5 for a reply dactl refuses, 6 when
// --timeout runs out) and a one-line message, never exit 1. Most runs are in-process (the
// binary's code path without a process each); two run the built binary.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, it } from 'node:test';
import type { FaultKind, Sandbox } from '../../src/sandbox/index.js';
import { MAX_DEPTH } from '../../src/json/parse.js';
import { tempHome, world, type Result, type World } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';
import { userFlags, wpFlags } from '../helpers/inputs.js';

const domain = ['--domain', 'fred.example'];
const route = (status: number): string => JSON.stringify([{ action: { return: status } }]);

/** Each command with the account it runs as, its stdin, and whether it changes the panel. */
const commands: { args: string[]; as: string; input?: string; write?: true }[] = [
  { args: ['whoami'], as: 'admin' },
  { args: ['whoami', '--debug'], as: 'admin' },
  { args: ['users', 'list'], as: 'admin' },
  { args: ['users', 'list', '-o', 'yaml', '--query', '[].username'], as: 'reseller1' },
  { args: ['db', 'list'], as: 'fred' },
  { args: ['api', '/CMD_API_SHOW_ALL_USERS', '-o', 'yaml'], as: 'admin' },
  { args: ['api', '/api/db-show/databases', '-o', 'yaml'], as: 'fred' },
  {
    args: ['api', '/api/session', '-X', 'POST', '-f', 'a=1', '--include'],
    as: 'fred',
    write: true,
  },
  { args: ['unit', 'app', 'list', ...domain], as: 'fred' },
  { args: ['unit', 'app', 'show', 'app', ...domain, '-o', 'yaml'], as: 'fred' },
  {
    args: ['unit', 'app', 'create', 'api', ...domain, '--template', 'python', '--dir', 'api'],
    as: 'fred',
    write: true,
  },
  {
    args: ['unit', 'app', 'modify', 'app', ...domain, '--set', 'processes=3'],
    as: 'fred',
    write: true,
  },
  { args: ['unit', 'app', 'delete', 'app', ...domain, '--yes'], as: 'fred', write: true },
  { args: ['unit', 'route', 'list', ...domain], as: 'fred' },
  { args: ['unit', 'route', 'show', ...domain], as: 'fred' },
  {
    args: ['unit', 'route', 'set', ...domain, '--file', '-'],
    as: 'fred',
    input: route(205),
    write: true,
  },
  {
    args: ['unit', 'route', 'delete', 'fred.example', ...domain, '--yes'],
    as: 'fred',
    write: true,
  },
  { args: userFlags('hostile1', ['--generate-password']), as: 'admin', write: true },
  { args: ['user', 'suspend', 'alice', '--yes'], as: 'reseller1', write: true },
  { args: wpFlags('hostile', ['--generate-password']), as: 'fred', write: true },
];

/** The fault, the exit code it must end with, and the words that say why. */
const faults: [FaultKind, number, RegExp][] = [
  ['deep', 5, /nested more than 256 levels deep/],
  ['bad-utf8', 5, /not JSON/],
  // Refused on its announced size, before it is read.
  ['huge', 5, /is 96 MiB, over 64 MiB/],
  // Cut at the limit (lowered to 64 KiB below).
  ['endless', 5, /grew past 65536 bytes/],
  // Only the time budget ends it: a byte every 50 ms keeps any idle timer from firing.
  ['trickle', 6, /did not answer within 0\.2 s/],
];

/** Not exit 1, no overflow; a stack trace only where --debug asks for one. */
const oneLine = (result: Result, what: string): void => {
  assert.notEqual(result.code, 1, `${what}: exit 1\n${result.stderr}`);
  assert.doesNotMatch(result.stderr, /Maximum call stack|RangeError/, what);
  if (!what.includes('--debug')) assert.doesNotMatch(result.stderr, /\n\s+at /, what);
};

describe('hostile replies', () => {
  let w: World;
  let sandbox: Sandbox;
  before(async () => {
    w = await world({}, { inProcess: true });
    sandbox = w.sandbox;
    // A route set for the route commands to read, change and delete.
    const set = await runInProcess(['unit', 'route', 'set', ...domain, '--file', '-'], {
      env: w.envFor('fred'),
      input: route(204),
    });
    assert.equal(set.code, 0, set.stderr);
  });
  afterEach(() => {
    w.reset();
  });
  after(() => w.close());

  const walk = async (kind: FaultKind, code: number, words: RegExp, method?: string) => {
    for (const { args, as, input, write } of commands) {
      if (method !== undefined && write === undefined) continue;
      const what = `${kind}${method === undefined ? '' : ` on ${method}`}: dactl ${args.join(' ')}`;
      sandbox.fault({ kind, method });
      const timeout = kind === 'trickle' ? '0.2' : '10';
      const result = await runInProcess([...args, '--timeout', timeout], {
        // Lowered for the endless reply only, not to stream 64 MiB; the deep one is 550,000 bytes.
        env: { ...w.envFor(as), DACTL_MAX_REPLY_BYTES: kind === 'endless' ? '65536' : '' },
        input,
      });
      sandbox.clearFaults();
      oneLine(result, what);
      assert.equal(result.code, code, `${what}\n${result.stderr}`);
      assert.match(result.stderr, words, what);
    }
  };

  for (const [kind, code, words] of faults) {
    it(`${kind}: every command ends with exit ${String(code)} and says why`, async () => {
      await walk(kind, code, words);
    });
    it(`${kind} in answer to the change, after the reads: exit ${String(code)}`, async () => {
      await walk(kind, code, words, 'POST');
    });
  }

  it('dactl login against a deep reply: exit 5, and no profile is saved', async () => {
    sandbox.fault({ kind: 'deep' });
    const result = await runInProcess(
      ['login', '-p', 'deep', '--url', sandbox.url, '--username', 'admin', '--password-stdin'],
      { env: w.home.env, input: w.password('admin') },
    );
    oneLine(result, 'login');
    assert.equal(result.code, 5, result.stderr);
    const list = await runInProcess(['profile', 'list', '-o', 'json'], { env: w.home.env });
    assert.deepEqual(JSON.parse(list.stdout), []);
  });

  it('the built binary: a deep reply is exit 5 for whoami and api -o yaml', async () => {
    sandbox.fault({ kind: 'deep' });
    for (const args of [['whoami'], ['api', '/CMD_API_SHOW_ALL_USERS', '-o', 'yaml']]) {
      const result = await w.dactl(args, { env: w.envFor('admin') });
      oneLine(result, args.join(' '));
      assert.equal(result.code, 5, result.stderr);
      assert.match(
        result.stderr,
        /^error: The panel's reply \(HTTP 200, 550000 bytes\) is refused/,
      );
      assert.equal(result.stdout, '');
    }
  });

  it('the built binary: a reply that trickles forever ends at --timeout, exit 6', async () => {
    sandbox.fault({ kind: 'trickle' });
    const result = await w.dactl(['users', 'list', '--timeout', '1'], { env: w.envFor('admin') });
    oneLine(result, 'users list');
    assert.equal(result.code, 6, result.stderr);
    assert.match(result.stderr, /did not answer within 1 s/);
  });
});

describe('replies at the limits', () => {
  let body: Buffer = Buffer.from('');
  let url = '';
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(body);
  });
  const home = tempHome();
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
    home.cleanup();
  });
  const api = (args: string[]) =>
    runInProcess(['api', '/api/x', ...args], {
      env: { ...home.env, DACTL_URL: url, DACTL_USERNAME: 'admin', DACTL_PASSWORD: 'pw' },
    });
  /** Objects inside objects, the YAML writer's deepest recursion. */
  const nested = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

  it('a reply as deep as dactl reads goes through every writer', async () => {
    body = Buffer.from(nested(MAX_DEPTH));
    const outputs = [[], ['-o', 'yaml'], ['-o', 'table'], ['--query', '@', '-o', 'yaml']];
    for (const output of [...outputs, ['--debug', '-o', 'yaml']]) {
      const result = await api(output);
      assert.equal(result.code, 0, `${output.join(' ')}: ${result.stderr}`);
      assert.ok(result.stdout.length > MAX_DEPTH, output.join(' '));
    }
    assert.deepEqual(JSON.parse((await api([])).stdout), JSON.parse(nested(MAX_DEPTH)));
  });

  it('one level more is exit 5, and so is a route the reply holds as deeper JSON text', async () => {
    body = Buffer.from(nested(MAX_DEPTH + 1));
    const result = await api(['-o', 'yaml']);
    assert.equal(result.code, 5, result.stderr);
    assert.match(result.stderr, /nested more than 256 levels deep, the most dactl reads/);
    const deepRoute = '['.repeat(MAX_DEPTH + 1) + ']'.repeat(MAX_DEPTH + 1);
    body = Buffer.from(JSON.stringify({ da_settings: {}, route: deepRoute }));
    const show = await runInProcess(['unit', 'route', 'show', ...domain], {
      env: { ...home.env, DACTL_URL: url, DACTL_USERNAME: 'fred', DACTL_PASSWORD: 'pw' },
    });
    assert.equal(show.code, 5, show.stderr);
    assert.match(show.stderr, /reply to the route settings does not have the expected shape/);
  });

  it('bytes that are not UTF-8 inside a string are read as U+FFFD, never passed on', async () => {
    body = Buffer.concat([
      Buffer.from('{"name":"caf'),
      Buffer.from([0xe9, 0xff]),
      Buffer.from('"}'),
    ]);
    const result = await api([]);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), { name: 'caf\ufffd\ufffd' });
  });
});
