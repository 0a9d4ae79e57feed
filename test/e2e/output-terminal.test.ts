// The output contract as a person and a script meet it, with the built binary: at a terminal a
// wide table is cut to fit and an empty list is said in words; a pipe gets every character and
// nothing for an empty list; --json with another -o, and api -o tsv, are exit 2.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { world, type World } from '../helpers/dactl.js';
import { hasPty, runInPty } from '../helpers/pty.js';

describe('output at a terminal and in a pipe', () => {
  let w: World;
  let admin: Record<string, string>;
  const apps = ['unit', 'app', 'list', '--as', 'fred', '--domain', 'fred.example'];
  before(async () => {
    w = await world();
    admin = { ...w.envFor('admin'), NO_COLOR: '1' };
  });
  after(() => w.close());

  it(
    'at a terminal 60 columns wide, the widest column is cut with …, and --wide is named',
    { skip: !hasPty },
    async () => {
      const shown = await runInPty(apps, admin, [], 20_000, 60);
      assert.equal(shown.code, 0, shown.stdout);
      const lines = shown.stdout.split(/\r?\n/).filter((l) => l !== '');
      assert.deepEqual(lines, [
        'NAME  TYPE      ENTRY OR PATH        PROCESSES       TIMEOUT',
        'app   external  /home/fred/domains…  1-4 (idle 20s)      30s',
        'Cells cut with … to fit the terminal: --wide shows them in full.',
      ]);
      const wide = await runInPty([...apps, '--wide'], admin, [], 20_000, 60);
      assert.match(wide.stdout, /\/home\/fred\/domains\/fred\.example\/app\/app\.js +1-4/);
      assert.doesNotMatch(wide.stdout, /--wide/);
    },
  );

  it(
    'at a terminal, an empty list says so; in a pipe it prints nothing',
    { skip: !hasPty },
    async () => {
      const empty = ['unit', 'app', 'list', '--as', 'fred', '--domain', 'fredshop.example'];
      const shown = await runInPty(empty, admin, []);
      assert.equal(shown.code, 0, shown.stdout);
      assert.equal(shown.stdout.trim(), 'fredshop.example has no Unit applications.');
      const piped = await w.dactl(empty, { env: admin });
      assert.deepEqual([piped.code, piped.stdout, piped.stderr], [0, '', '']);
    },
  );

  it('a pipe gets every character of a wide table', async () => {
    const piped = await w.dactl(apps, { env: admin });
    assert.equal(piped.code, 0, piped.stderr);
    assert.match(piped.stdout, /\/home\/fred\/domains\/fred\.example\/app\/app\.js +1-4/);
  });

  it('--json with -o tsv, and api -o tsv, end with exit 2 and send nothing', async () => {
    const before = w.sandbox.requests.length;
    const both = await w.dactl(['db', 'list', '--as', 'fred', '--json', '-o', 'tsv'], {
      env: admin,
    });
    assert.equal(both.code, 2);
    assert.match(both.stderr, /"message":"--json is -o json: it cannot go with -o tsv\."/);
    const api = await w.dactl(['api', '/CMD_API_SHOW_DOMAINS', '-o', 'tsv'], { env: admin });
    assert.equal(api.code, 2);
    assert.match(api.stderr, /-o tsv: dactl api prints the panel's reply as it is/);
    assert.equal(w.sandbox.requests.length, before);
  });
});
