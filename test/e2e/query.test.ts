// --query with the built binary against the sandbox over real HTTP: the JMESPath chunk loads
// from dist/, the result prints raw or as TSV lines, and a bad expression sends nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { world, type World } from '../helpers/dactl.js';

describe('dactl --query', () => {
  let w: World;
  before(async () => {
    w = await world({}, { inProcess: true });
  });
  after(async () => {
    await w.close();
  });

  it("prints fred's database names, one per line, and his domain count raw", async () => {
    const env = w.envFor('admin');
    const names = await w.dactl(
      ['db', 'list', '--as', 'fred', '--query', '[].database', '-o', 'tsv'],
      { env },
    );
    assert.equal(names.code, 0, names.stderr);
    assert.deepEqual(names.stdout.trim().split('\n').sort(), ['fred_logs', 'fred_shop', 'fred_wp']);
    const count = await w.dactl(
      ['users', 'list', '--query', "length([?username=='fred'] | [0].domains)"],
      {
        env,
      },
    );
    assert.equal(count.code, 0, count.stderr);
    assert.equal(count.stdout, '2\n');
  });

  it('refuses a bad expression with exit 2, the library message and a hint, sending nothing', async () => {
    const mark = w.sandbox.requests.length;
    const result = await w.dactl(['users', 'list', '--query', '[?suspended'], {
      env: w.envFor('admin'),
    });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^error: --query: Syntax error/m);
    assert.match(result.stderr, /^hint: --query takes JMESPath/m);
    assert.equal(w.sandbox.requests.length, mark, 'a request was sent');
  });
});
