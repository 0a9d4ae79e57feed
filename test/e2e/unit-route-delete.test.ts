// `dactl unit route delete`: one select_routes request with the parent domain; each set removed,
// removed locally because Unit had lost it, kept because clearing it in Unit failed, or not found;
// some gone and others not is exit 7. Every set is named: no argument never means the domain.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { json, world, type World } from '../helpers/dactl.js';
import { recorder } from '../helpers/unit-app.js';

describe('unit route delete', () => {
  let w: World;
  let fred: Record<string, string>;
  let dataDir = '';
  const { mark, sent, posts } = recorder(() => w);
  const dir = (): string => join(dataDir, 'users/fred/domains/fred.example.routes');
  const copy = (set: string): string => join(dir(), set);
  const route = (args: string[], env = fred) => w.dactl(['unit', 'route', ...args], { env });
  const setRoute = async (sub?: string): Promise<void> => {
    const where = sub === undefined ? [] : ['--subdomain', sub];
    const r = await route([
      'set',
      '--domain',
      'fred.example',
      ...where,
      '--template',
      'app',
      '--var',
      'app=app',
    ]);
    assert.equal(r.code, 0, r.stderr);
  };

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dactl-route-delete-'));
    w = await world({ dataDir });
    fred = w.envFor('fred');
  });
  beforeEach(() => {
    w.sandbox.unitFaults.clearFails = [];
  });
  after(async () => {
    await w.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('deletes the domain’s set named by the domain, in one request with the parent domain', async () => {
    await setRoute();
    await setRoute('shop');
    mark();
    const result = await route(['delete', 'fred.example', '--domain', 'fred.example', '--yes']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /✓ Removed the route set fred\.example\./);
    assert.equal(result.stdout, '');
    assert.equal(posts().length, 1);
    assert.deepEqual(Object.fromEntries(new URLSearchParams(posts()[0]?.body)), {
      action: 'select_routes',
      domain: 'fred.example',
      select0: 'fred.example',
    });
    assert.ok(!existsSync(copy('fred.example')));
    assert.ok(existsSync(copy('shop.fred.example')), 'a subdomain’s set is its own');
  });

  it('deletes a subdomain’s set named either way, domain still the parent', async () => {
    await setRoute('api');
    mark();
    const result = await route([
      'delete',
      'shop',
      'api.fred.example',
      'shop.fred.example',
      '--domain',
      'fred.example',
      '--yes',
      '-o',
      'json',
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(json(result), [
      { set: 'shop.fred.example', outcome: 'removed' },
      { set: 'api.fred.example', outcome: 'removed' },
    ]);
    assert.deepEqual(Object.fromEntries(new URLSearchParams(posts()[0]?.body)), {
      action: 'select_routes',
      domain: 'fred.example',
      select0: 'shop.fred.example',
      select1: 'api.fred.example',
    });
    assert.deepEqual(json(await route(['list', '--domain', 'fred.example', '-o', 'json'])), []);
  });

  it('removes the local copy of a set whose live route was already gone', async () => {
    // A copy the panel still keeps after Unit lost the route (its configuration was reset).
    mkdirSync(dir(), { recursive: true });
    writeFileSync(copy('old.fred.example'), '[{"action":{"return":410}}]\n');
    await setRoute();
    const result = await route([
      'delete',
      'fred.example',
      'old',
      '--domain',
      'fred.example',
      '--yes',
      '-o',
      'json',
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stderr,
      /✓ Removed the local copy of old\.fred\.example; its live route was already gone\./,
    );
    assert.deepEqual(json(result), [
      { set: 'fred.example', outcome: 'removed' },
      { set: 'old.fred.example', outcome: 'removed-local' },
    ]);
    assert.ok(!existsSync(copy('old.fred.example')));
  });

  it('keeps the local copy when clearing the live route fails: exit 5, or 7 when others went', async () => {
    await setRoute();
    await setRoute('shop');
    w.sandbox.unitFaults.clearFails = ['shop.fred.example'];
    const table = await route(['delete', 'shop', '--domain', 'fred.example', '--yes']);
    assert.equal(table.code, 5, table.stderr);
    assert.match(
      table.stderr,
      /warning: Kept shop\.fred\.example: clearing its live route failed, so the panel keeps its local copy\./,
    );
    assert.match(
      table.stderr,
      /error: The live route of shop\.fred\.example could not be cleared; its local copy stays \(the panel said: Cannot delete the routes: shop\.fred\.example: Unit could not clear the route; the local copy is kept\)\./,
    );
    assert.match(table.stderr, /hint: Unit's log/);
    assert.ok(existsSync(copy('shop.fred.example')));

    const result = await route([
      'delete',
      'fred.example',
      'shop',
      '--domain',
      'fred.example',
      '--yes',
      '-o',
      'json',
    ]);
    assert.equal(result.code, 7, result.stderr);
    assert.deepEqual(json(result), [
      { set: 'fred.example', outcome: 'removed' },
      { set: 'shop.fred.example', outcome: 'kept' },
    ]);
    // The per-set lines come first; the partial outcome is the last line, as one JSON object.
    const error = JSON.parse(result.stderr.trim().split('\n').at(-1) ?? '') as {
      error: { code: string; exitCode: number; message: string };
    };
    assert.deepEqual([error.error.code, error.error.exitCode], ['PARTIAL', 7]);
    assert.match(
      error.error.message,
      /^Removed 1 of 2 route sets; kept shop\.fred\.example \(its live route could not be cleared \(the panel said: /,
    );
    assert.ok(!existsSync(copy('fred.example')));
    assert.ok(existsSync(copy('shop.fred.example')));
    assert.deepEqual(
      json(await route(['show', '--domain', 'fred.example', '--subdomain', 'shop', '-o', 'json'])),
      [{ action: { pass: 'applications/fred.example_app' } }],
    );

    w.sandbox.unitFaults.clearFails = [];
    const retry = await route(['delete', 'shop', '--domain', 'fred.example', '--yes']);
    assert.equal(retry.code, 0, retry.stderr);
    assert.ok(!existsSync(copy('shop.fred.example')));
  });

  it('refuses without a terminal and without --yes, before anything is sent', async () => {
    await setRoute();
    mark();
    const result = await route(['delete', 'fred.example', '--domain', 'fred.example']);
    assert.equal(result.code, 2);
    assert.match(
      result.stderr,
      /Delete the route set fred\.example: confirmation needed; pass --yes/,
    );
    assert.equal(sent().length, 0);
    const dry = await route(['delete', 'fred.example', '--domain', 'fred.example', '--dry-run']);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /select_routes/);
    assert.ok(existsSync(copy('fred.example')));
  });

  it('deletes nothing unnamed: no set, or an empty one, is exit 2 before anything is sent', async () => {
    await setRoute();
    mark();
    for (const args of [
      ['delete', '--domain', 'fred.example', '--yes'],
      ['delete', '', '--domain', 'fred.example', '--yes'],
      ['delete', ' ', '--domain', 'fred.example', '--yes'],
      ['delete', 'shop.other.com', '--domain', 'fred.example', '--yes'],
    ]) {
      const result = await route(args);
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.equal(sent().length, 0);
    }
    const none = await route(['delete', '--domain', 'fred.example', '--yes']);
    assert.match(none.stderr, /error: Name the route sets to delete\./);
    assert.match(
      none.stderr,
      /hint: The domain’s own set is named by the domain: dactl unit route delete fred\.example --domain fred\.example/,
    );
    assert.ok(existsSync(copy('fred.example')));
  });

  it('says which sets do not exist (exit 4), and refuses bad names (exit 2), sending no POST', async () => {
    mark();
    const missing = await route([
      'delete',
      'nope',
      'gone.fred.example',
      '--domain',
      'fred.example',
      '--yes',
    ]);
    assert.equal(missing.code, 4, missing.stderr);
    assert.match(
      missing.stderr,
      /fred\.example has no route set nope\.fred\.example, gone\.fred\.example\./,
    );
    assert.match(
      missing.stderr,
      /hint: See its route sets with: dactl unit route list --domain fred\.example/,
    );
    const bad = await route(['delete', 'a_b', '--domain', 'fred.example', '--yes']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /Route set "a_b": /);
    const other = await route(['delete', 'alice.example', '--domain', 'alice.example', '--yes']);
    assert.equal(other.code, 3);
    assert.match(other.stderr, /alice\.example is not one of fred's domains/);
    assert.equal(posts().length, 0);
    assert.ok(existsSync(copy('fred.example')));
  });

  it('deletes the sets that exist and reports the others: exit 7', async () => {
    await setRoute();
    mark();
    const result = await route([
      'delete',
      'fred.example',
      'nope',
      '--domain',
      'fred.example',
      '--yes',
      '-o',
      'json',
    ]);
    assert.equal(result.code, 7, result.stderr);
    assert.deepEqual(json(result), [
      { set: 'fred.example', outcome: 'removed' },
      { set: 'nope.fred.example', outcome: 'not-found' },
    ]);
    assert.match(
      result.stderr,
      /Not deleted nope\.fred\.example: fred\.example has no such route set/,
    );
    assert.match(
      result.stderr,
      /"message":"Removed 1 of 2 route sets; fred\.example has no route set nope\.fred\.example\."/,
    );
    assert.equal(posts().length, 1);
    assert.deepEqual(Object.fromEntries(new URLSearchParams(posts()[0]?.body)), {
      action: 'select_routes',
      domain: 'fred.example',
      select0: 'fred.example',
    });
    assert.ok(!existsSync(copy('fred.example')));
  });
});
