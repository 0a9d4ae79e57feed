// A subdomain is one label, or the full <sub>.<domain> of this domain (issue 10): a name under
// another domain never becomes a set of this one (shop.other.com.fred.example).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { world, type World } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';

describe('unit route: which subdomain', () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  const route = (args: string[]) =>
    runInProcess(['unit', 'route', ...args], { env: w.envFor('fred') });
  const where = ['--domain', 'fred.example'];

  it('refuses a subdomain that is not one label of this domain, before anything is sent', async () => {
    const before = w.sandbox.requests.length;
    for (const sub of ['shop.other.com', 'a.b', 'shop.fred.example.com', '.fred.example']) {
      for (const args of [
        ['set', ...where, '--subdomain', sub, '--template', 'app', '--var', 'app=app', '--yes'],
        ['show', ...where, '--subdomain', sub],
        ['delete', sub, ...where, '--yes'],
      ]) {
        const result = await route(args);
        assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      }
    }
    const named = await route(['show', ...where, '--subdomain', 'shop.other.com']);
    assert.match(
      named.stderr,
      /--subdomain "shop\.other\.com": must be one label such as shop, or the full shop\.fred\.example\./,
    );
    assert.equal(w.sandbox.requests.length, before);
  });

  it('takes one label, or the full name under this domain', async () => {
    for (const sub of ['shop', 'shop.fred.example']) {
      const result = await route([
        'set',
        ...where,
        '--subdomain',
        sub,
        '--template',
        'app',
        '--var',
        'app=app',
        '--yes',
      ]);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /shop\.fred\.example/);
    }
  });

  it('takes Shop as shop, with a note, as it takes Fred.Example as fred.example', async () => {
    const shown = await route(['show', ...where, '--subdomain', 'Shop']);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stderr, /Subdomains are lower case: using shop\./);
    const deleted = await route(['delete', 'SHOP', ...where, '--yes']);
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.match(deleted.stderr, /using shop\./);
    assert.match(deleted.stderr, /shop\.fred\.example/);
  });
});
