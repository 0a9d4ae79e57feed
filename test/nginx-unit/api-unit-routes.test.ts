// CMD_UNIT route requests as dactl sends them, and the route_create replies it accepts or refuses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkRouteSettings,
  deleteRoutesRequest,
  setRouteRequest,
} from '../../src/api/unit-routes.js';
import { PanelError } from '../../src/errors.js';
import { routeSetName } from '../../src/unit/names.js';

describe('CMD_UNIT route requests', () => {
  it('names sets by domain or sub.domain', () => {
    assert.equal(routeSetName('fred.example'), 'fred.example');
    assert.equal(routeSetName('fred.example', 'shop'), 'shop.fred.example');
  });

  it('sends set_route with the route as a JSON string in "routes"', () => {
    const route = [{ action: { return: 204 } }];
    assert.deepEqual(setRouteRequest('fred.example', undefined, route), {
      method: 'POST',
      path: '/CMD_UNIT',
      query: { json: 'yes' },
      form: { action: 'set_route', domain: 'fred.example', routes: '[{"action":{"return":204}}]' },
    });
    assert.equal(setRouteRequest('fred.example', 'shop', []).form?.subdomain, 'shop');
  });

  it('deletes sets with the parent domain and select0, select1, …', () => {
    assert.deepEqual(
      deleteRoutesRequest('fred.example', ['fred.example', 'shop.fred.example']).form,
      {
        action: 'select_routes',
        domain: 'fred.example',
        select0: 'fred.example',
        select1: 'shop.fred.example',
      },
    );
  });
});

describe('CMD_UNIT route_create replies', () => {
  it('accepts the documented shape and the variants a panel may write', () => {
    const full = {
      da_settings: {
        applications: ['fred.example_app'],
        actions: { pass: 'Pass', share: 'Share' },
      },
      route: [{ action: { pass: 'applications/fred.example_app' } }],
    };
    assert.deepEqual(checkRouteSettings(full), {
      applications: ['fred.example_app'],
      actions: { pass: 'Pass', share: 'Share' },
      route: full.route,
    });
    assert.deepEqual(
      checkRouteSettings({ da_settings: { applications: [], actions: [] }, route: [] }),
      {
        applications: [],
        actions: {},
        route: [],
      },
    );
    assert.deepEqual(checkRouteSettings({ da_settings: {} }), {
      applications: [],
      actions: {},
      route: [],
    });
    // Collections as objects, numbers in descriptions, the route as the JSON text the panel keeps.
    assert.deepEqual(
      checkRouteSettings({
        da_settings: { applications: { 'fred.example_app': {} }, actions: { return: 301 } },
        route: '[{"action":{"return":404}}]',
      }),
      {
        applications: ['fred.example_app'],
        actions: { return: '301' },
        route: [{ action: { return: 404 } }],
      },
    );
    assert.deepEqual(checkRouteSettings({ da_settings: {}, route: ' ' }).route, []);
  });

  it('refuses anything else as a panel reply that makes no sense (exit 5)', () => {
    for (const reply of [
      null,
      [],
      'x',
      {},
      { '<<<garbage': '' },
      { route: [] },
      { da_settings: [] },
      { da_settings: { applications: [1] } },
      { da_settings: { applications: 'a' } },
      { da_settings: { actions: 'x' } },
      { da_settings: {}, route: {} },
      { da_settings: {}, route: '{"a":' },
      { da_settings: {}, route: 3 },
    ]) {
      assert.throws(
        () => checkRouteSettings(reply),
        (e: unknown) => e instanceof PanelError && /route settings/.test(e.message),
        JSON.stringify(reply),
      );
    }
  });
});
