// Hostile replies and extreme flags, as the built binary meets them: a reply too large to keep
// ends with exit 5 naming the limit, --timeout is one budget and refuses what a timer cannot hold.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';

const users = ['users', 'list', '-o', 'json'];

describe('limits', () => {
  let w: World;
  before(async () => {
    w = await world({}, { inProcess: true });
  });
  afterEach(() => {
    w.reset();
  });
  after(() => w.close());

  const oneLineError = (stderr: string): void => {
    assert.doesNotMatch(stderr, /\n\s+at /);
    assert.doesNotMatch(stderr, /Warning/);
  };

  it('an endless reply stops at the limit: exit 5 with the size', async () => {
    w.sandbox.fault({ kind: 'endless', path: '/CMD_API_SHOW_ALL_USERS' });
    const env = { ...w.envFor('admin'), DACTL_MAX_REPLY_BYTES: String(1024 * 1024) };
    const result = await w.dactl(users, { env });
    assert.equal(result.code, 5, result.stderr);
    assert.match(result.stderr, /grew past 1 MiB/);
    assert.equal(result.stdout, '');
    oneLineError(result.stderr);
  });

  it('a gzip body inflating past 64 MiB stops at 64 MiB: exit 5, not a success', async () => {
    w.sandbox.fault({ kind: 'gzip-bomb', path: '/CMD_API_SHOW_ALL_USERS' });
    const result = await w.dactl(users, { env: w.envFor('admin') });
    assert.equal(result.code, 5, result.stderr);
    assert.match(result.stderr, /grew past 64 MiB/);
    oneLineError(result.stderr);
  });

  it('a reply announcing 96 MiB is refused before it is read', async () => {
    w.sandbox.fault({ kind: 'huge', path: '/CMD_API_SHOW_ALL_USERS' });
    const result = await w.dactl(users, { env: w.envFor('admin') });
    assert.equal(result.code, 5, result.stderr);
    assert.match(result.stderr, /96 MiB, over 64 MiB/);
  });

  it('--timeout is one budget: a GET that used it up is not retried', async () => {
    w.sandbox.fault({ kind: 'hang', path: '/CMD_API_SHOW_ALL_USERS' });
    const before = w.sandbox.requests.length;
    const result = await w.dactl([...users, '--timeout', '0.3'], { env: w.envFor('admin') });
    assert.equal(result.code, 6, result.stderr);
    assert.match(result.stderr, /within 0\.3 s \(retries included\)/);
    assert.equal(w.sandbox.requests.length - before, 1);
  });

  it('--timeout above a day is exit 2 before anything is sent; a day is accepted', async () => {
    const before = w.sandbox.requests.length;
    for (const value of ['99999999', '86401', 'Infinity', '0', '-5', 'soon']) {
      const result = await w.dactl([...users, '--timeout', value], { env: w.envFor('admin') });
      assert.equal(result.code, 2, value);
      assert.match(result.stderr, /--timeout .*at most 86400/, value);
      oneLineError(result.stderr);
    }
    assert.equal(w.sandbox.requests.length, before);
    const day = await w.dactl([...users, '--timeout', '86400'], { env: w.envFor('admin') });
    assert.equal(day.code, 0, day.stderr);
    assert.ok(Array.isArray(json(day)));
    assert.doesNotMatch(day.stderr, /Warning/);
  });

  it('a file or stdin over 16 MiB, or a directory, is exit 2 naming it; nothing is sent', async () => {
    const big = join(w.home.dir, 'big.json');
    writeFileSync(big, `{"type":"python","path":"${'x'.repeat(16 * 1024 * 1024)}"}`);
    const create = ['unit', 'app', 'create', 'app9', '--domain', 'fred.example'];
    const cases: [string[], RegExp, string?][] = [
      [[...create, '--file', big], /--file ".*big\.json": more than 16 MiB/],
      [[...create, '--file', w.home.dir], /--file ".*" is a directory, not a file/],
      [
        ['api', '/CMD_API_LOGIN_TEST', '--input', '-'],
        /--input - \(stdin\): more than 16 MiB/,
        ' '.repeat(17 * 1024 * 1024),
      ],
      [['api', '/CMD_API_LOGIN_TEST', '-F', `x=@${w.home.dir}`], /-F ".*" is a directory/],
    ];
    for (const [args, message, input] of cases) {
      const before = w.sandbox.requests.length;
      const result = await w.dactl(args, { env: w.envFor('fred'), input });
      assert.equal(result.code, 2, `${args.join(' ')}\n${result.stderr}`);
      assert.match(result.stderr, message);
      oneLineError(result.stderr);
      assert.equal(w.sandbox.requests.length, before, args.join(' '));
    }
  });

  it('help exit-codes states the limits these tests hold dactl to', async () => {
    const result = await w.dactl(['help', 'exit-codes'], { env: w.home.env });
    assert.equal(result.code, 0, result.stderr);
    for (const words of [/86400 s/, /64 MiB .*exit 5/s, /16 MiB is exit 2/]) {
      assert.match(result.stdout, words);
    }
  });
});
