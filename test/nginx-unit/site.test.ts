// The pure parts of `unit export` / `unit apply`: the document's shape, the renames to another
// domain and account (and what they refuse), and the order of the plan.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readSite, siteDocument, type SiteDocument } from '../../src/unit/site.js';
import { renameSite } from '../../src/unit/site-rename.js';
import { planSite } from '../../src/unit/site-plan.js';

const doc: SiteDocument = {
  domain: 'fred.example',
  user: 'fred',
  applications: {
    app: { type: 'python', path: '/home/fred/domains/fred.example/app', user: 'fred' },
  },
  routes: {
    'fred.example': [
      {
        match: { host: ['fred.example', '!www.fred.example'] },
        action: { pass: 'applications/fred.example_app' },
      },
      { action: { share: '/home/fred/domains/fred.example/public_html$uri' } },
    ],
    'shop.fred.example': [{ action: { return: 204 } }],
  },
};

describe('unit site documents', () => {
  it('names every shape problem by its path', () => {
    const { problems } = readSite({
      domain: 'Fred',
      applications: { 'a/b': {} },
      routes: { x: 1 },
      more: 1,
    });
    assert.deepEqual(
      problems.map((p) => p.path),
      ['more', 'domain', 'applications["a/b"]', 'routes.x'],
    );
    assert.deepEqual(readSite(doc).problems, []);
  });

  it('exports the domain’s own set first, then subdomains by label, keys sorted', () => {
    const out = siteDocument(
      'z.example',
      'fred',
      { b: { y: 1, x: 2 }, a: {} },
      { 'a.z.example': [], 'z.example': [] },
    );
    assert.deepEqual(Object.keys(out.routes), ['z.example', 'a.z.example']);
    assert.deepEqual(Object.keys(out.applications), ['a', 'b']);
    assert.deepEqual(Object.keys(out.applications.b ?? {}), ['x', 'y']);
  });

  it('renames pass targets, hosts, set names, paths and the user; nothing else', () => {
    const { site, problems } = renameSite(doc, { domain: 'wilma.example', user: 'wilma' });
    assert.deepEqual(problems, []);
    assert.deepEqual(site.applications.app, {
      type: 'python',
      path: '/home/wilma/domains/wilma.example/app',
      user: 'wilma',
    });
    assert.deepEqual(Object.keys(site.routes), ['wilma.example', 'shop.wilma.example']);
    assert.deepEqual(site.routes['wilma.example'], [
      {
        match: { host: ['wilma.example', '!www.wilma.example'] },
        action: { pass: 'applications/wilma.example_app' },
      },
      { action: { share: '/home/wilma/domains/wilma.example/public_html$uri' } },
    ]);
  });

  it('refuses a mention it cannot rename safely, at its path', () => {
    const odd = structuredClone(doc);
    Object.assign(odd.applications.app ?? {}, {
      environment: {
        URL: 'https://fred.example/',
        OTHER: '/home/fred/x:/home/fred/y',
        FINE: 'fredshop.example',
      },
    });
    const { problems } = renameSite(odd, { domain: 'wilma.example', user: 'wilma' });
    assert.deepEqual(
      problems.map((p) => p.path),
      ['applications.app.environment.URL'],
    );
    // Same domain, another account: the domain may stay, the home may not.
    const home = renameSite(odd, { domain: 'fred.example', user: 'wilma' });
    assert.deepEqual(home.problems, []);
    assert.equal(
      (home.site.applications.app?.environment as Record<string, string>).OTHER,
      '/home/wilma/x:/home/wilma/y',
    );
  });

  it('plans applications, then routes, then with prune route deletions before app deletions', () => {
    const now = {
      applications: { old: { type: 'php' }, app: { type: 'python' } },
      routes: { 'old.fred.example': [], 'shop.fred.example': [{ action: { return: 204 } }] },
      stored: ['old.fred.example', 'shop.fred.example'],
    };
    const steps = planSite(doc, now, true).map((s) => `${s.action} ${s.name}`);
    assert.deepEqual(steps, [
      'modify app',
      'set fred.example',
      'none shop.fred.example',
      'delete old.fred.example',
      'delete old',
    ]);
  });
});
