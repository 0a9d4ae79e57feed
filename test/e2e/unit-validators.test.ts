// What the Unit validators refuse through the real binary, before any request: duplicate members,
// absurdly deep JSON, share paths a request could lead out of the home, applications that would
// run as another account; and how -o json reports the problems (an array on stdout, the error
// object on stderr).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { world, type World } from '../helpers/dactl.js';

describe('unit validators through the CLI', () => {
  let w: World;
  let fred: Record<string, string>;
  before(async () => {
    w = await world({}, { inProcess: true });
    fred = w.envFor('fred');
  });
  after(() => w.close());

  const unit = async (args: string[], input: string) => {
    const before = w.sandbox.requests.length;
    const result = await w.dactl(['unit', ...args], { env: fred, input });
    assert.equal(w.sandbox.requests.length, before, `${args.join(' ')} sent a request`);
    return result;
  };
  const validate = ['route', 'validate', '-', '--domain', 'fred.example', '--offline'];

  it('refuses a duplicate member, naming its path, line and column', async () => {
    const text = '[{"action": {"share": "/home/fred/x", "share": "/etc"}}]';
    const result = await unit(validate, text);
    assert.equal(result.code, 2, result.stderr);
    assert.match(
      result.stderr,
      /The route on stdin is not JSON that Unit accepts \(line 1, column 39\): \[0\]\.action\.share: "share" appears twice in the same object; Unit refuses duplicate members: keep one\./,
    );
  });

  it('-o tsv prints one line per problem, its path and message; a valid route prints nothing', async () => {
    const text = '[{"match": {"uri": 5}, "action": {"share": "/etc/$uri"}}]';
    const result = await unit([...validate, '-o', 'tsv'], text);
    assert.equal(result.code, 2, result.stderr);
    const lines = result.stdout.trimEnd().split('\n');
    assert.ok(lines.length >= 2, result.stdout);
    assert.ok(
      lines.every((l) => /^\[0\]\.\S+\t\S/.test(l)),
      result.stdout,
    );
    const valid = await unit([...validate, '-o', 'tsv'], '[{"action": {"return": 404}}]');
    assert.equal(valid.code, 0, valid.stderr);
    assert.equal(valid.stdout, '');
  });

  it('refuses JSON nested 200,000 levels deep with exit 2, not a crash', async () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const route = await unit(validate, deep);
    assert.equal(route.code, 2, route.stderr);
    assert.match(route.stderr, /nested more than 240 levels deep/);
    const app = await unit(
      ['app', 'create', 'deep', '--domain', 'fred.example', '--file', '-'],
      deep,
    );
    assert.equal(app.code, 2, app.stderr);
    assert.match(app.stderr, /nested more than 240 levels deep/);
  });

  it('refuses a share path a request variable could lead out of the home, unless chrooted', async () => {
    const escape = await unit(validate, '[{"action": {"share": "/home/fred/www/$arg_f"}}]');
    assert.equal(escape.code, 2);
    assert.match(
      escape.stderr,
      /\[0\]\.action\.share: \$arg_f in "\/home\/fred\/www\/\$arg_f" comes from the request and could hold "\.\.\/" to leave \/home\/fred\//,
    );
    const held = await unit(
      validate,
      '[{"action": {"share": "/home/fred/www/$arg_f", "chroot": "/home/fred/www/"}}]',
    );
    assert.equal(held.code, 0, held.stderr);
  });

  it('route set -o json: the problems as an array on stdout, the error object on stderr', async () => {
    const result = await unit(
      ['route', 'set', '--domain', 'fred.example', '--file', '-', '--yes', '-o', 'json'],
      '[{"match": {"destination": ":80"}, "action": {"share": "/etc$uri"}}]',
    );
    assert.equal(result.code, 2, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), [
      {
        path: '[0].match.destination',
        message: 'the address before ":" is not an IPv4 address',
      },
      {
        path: '[0].action.share',
        message:
          '"/etc$uri" is outside /home/fred/: the panel shares only files inside the home of fred',
      },
    ]);
    const error = JSON.parse(result.stderr) as { error: { code: string; exitCode: number } };
    assert.equal(error.error.exitCode, 2);
    assert.doesNotMatch(result.stdout + result.stderr, /""/);
  });

  it('app create: user and group must be the account; -o json lists the problems', async () => {
    const definition = {
      type: 'external',
      executable: '/home/fred/domains/fred.example/app/app.js',
      user: 'root',
      group: 'nobody',
      processes: { max: 1, spare: 2 },
    };
    const result = await unit(
      ['app', 'create', 'x', '--domain', 'fred.example', '--file', '-', '-o', 'json'],
      JSON.stringify(definition),
    );
    assert.equal(result.code, 2, result.stderr);
    const problems = JSON.parse(result.stdout) as { path: string; message: string }[];
    assert.deepEqual(
      problems.map((p) => p.path),
      ['processes', 'user', 'group'],
    );
    assert.match(problems[1]?.message ?? '', /^must be "fred" \(or left out\)/);
    assert.equal((JSON.parse(result.stderr) as { error: { code: string } }).error.code, 'USAGE');
  });
});
