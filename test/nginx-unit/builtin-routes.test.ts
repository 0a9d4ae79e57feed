// The built-in route templates: what dactl fills in, what the user is asked for, and that every
// template filled the usual way is a route Unit and the panel accept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { askedVars, builtinRoutes, routeVars } from '../../src/unit/builtin-routes.js';
import { validateRoute } from '../../src/unit/route-validate.js';
import { fillPlaceholders, placeholdersIn } from '../../src/unit/templates.js';
import { online } from '../helpers/routes.js';

describe('route templates', () => {
  it('fills the user, domain, set and document root', () => {
    assert.deepEqual(routeVars({ user: 'fred', domain: 'fred.example' }), {
      user: 'fred',
      home: '/home/fred',
      domain: 'fred.example',
      subdomain: '',
      set: 'fred.example',
      docroot: '/home/fred/domains/fred.example/public_html',
    });
    const sub = routeVars({ user: 'fred', domain: 'fred.example', subdomain: 'shop' });
    assert.equal(sub.set, 'shop.fred.example');
    assert.equal(sub.docroot, '/home/fred/domains/fred.example/public_html/shop');
  });

  it('asks only for what is neither filled nor Unit’s own', () => {
    const filled = routeVars({ user: 'fred', domain: 'fred.example' });
    assert.deepEqual(askedVars(['domain', 'app', 'uri', 'host', 'arg_x', 'root'], filled), [
      'app',
      'root',
    ]);
  });

  it('has the five templates the issue names, each valid once filled', () => {
    assert.deepEqual(Object.keys(builtinRoutes), [
      'app',
      'static-then-app',
      'static',
      'proxy',
      'redirect',
    ]);
    const vars = {
      ...routeVars({ user: 'fred', domain: 'fred.example' }),
      app: 'app',
      root: '/home/fred/domains/fred.example/public_html',
      url: 'http://127.0.0.1:8080',
      location: 'https://fred.example/new',
    };
    for (const [name, t] of Object.entries(builtinRoutes)) {
      const template = { ...t, name, source: 'built-in' };
      const route = fillPlaceholders(template, 'routes', vars);
      assert.deepEqual(validateRoute(route, online), [], name);
      assert.ok(t.description.length > 10, name);
    }
    assert.deepEqual([...placeholdersIn(builtinRoutes['static-then-app']?.body)].sort(), [
      'app',
      'domain',
      'root',
    ]);
  });
});
