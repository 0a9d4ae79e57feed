// `unit export` and `unit apply` as the built binary runs them: the file written by one process
// is read by the next, as in `export > site.yaml; apply -f site.yaml`.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { world, type World } from '../helpers/dactl.js';

describe('unit export > file; unit apply -f file', () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  it('applies its own export with no write, and dry-runs it onto another domain', async () => {
    const env = w.envFor('fred');
    const exported = await w.dactl(['unit', 'export', '--domain', 'fred.example'], { env });
    assert.equal(exported.code, 0, exported.stderr);
    const file = join(w.home.dir, 'site.yaml');
    writeFileSync(file, exported.stdout);
    const mark = w.sandbox.requests.length;
    const same = await w.dactl(['unit', 'apply', '-f', file], { env });
    assert.equal(same.code, 0, same.stderr);
    assert.match(same.stderr, /Nothing to change/);
    const dry = ['unit', 'apply', '-f', file, '--domain', 'fredshop.example', '--dry-run'];
    const copy = await w.dactl(dry, { env });
    assert.equal(copy.code, 0, copy.stderr);
    assert.match(copy.stdout, /action=create&name=app&json=.*fredshop\.example%2Fapp%2Fapp\.js/);
    assert.equal(w.postsSince(mark).length, 0);
  });
});
