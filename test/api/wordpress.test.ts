import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkInstallReply,
  explainInstallError,
  installQuickRequest,
} from '../../src/api/wordpress.js';
import { createAccountRequest } from '../../src/api/accounts.js';
import { AuthError, ExitCode, NotFoundError, PanelError } from '../../src/errors.js';

const path = 'domains/fred.example/public_html';
const explain = (e: unknown): unknown => explainInstallError(e, path, 'admin|fred');
const typed = (type: string, status: number) => new PanelError('words', undefined, status, type);

describe('WordPress install API', () => {
  it('sends all five fields with its own time-out', () => {
    const site = {
      filePath: path,
      title: 'T',
      adminName: 'a',
      adminEmail: 'a@b.cd',
      adminPass: 'p',
    };
    const request = installQuickRequest(site, 300_000);
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/api/wordpress/install-quick');
    assert.deepEqual(request.json, site);
    assert.equal(request.timeoutMs, 300_000);
  });

  it('checks the reply has every field as a string', () => {
    const reply = {
      siteURL: 'http://fred.example',
      adminName: 'a',
      adminEmail: 'a@b.cd',
      adminPass: 'p',
      dbName: 'fred_wp1',
      filePath: path,
      title: 'T',
    };
    assert.deepEqual(checkInstallReply(reply), reply);
    assert.throws(() => checkInstallReply({ ...reply, dbName: 5 }), PanelError);
    assert.throws(() => checkInstallReply([reply]), PanelError);
  });

  it('turns each endpoint error into a sentence, keeping exit 5', () => {
    const cases: [string, number, RegExp][] = [
      ['WORDPRESS_ALREADY_INSTALLED', 490, /^WordPress is already installed in domains\/fred/],
      ['DATABASE_USERS_EXCEED_LIMIT', 491, /limit of database users/],
      ['RESELLER_EXCEEDS_LIMIT', 492, /reseller has reached its limits/],
      ['DATABASES_EXCEED_LIMIT', 493, /limit of databases/],
      ['LICENSE_OVERUSED', 402, /licence is over its limit/],
      ['BAD_REQUEST', 400, /refused to install WordPress in domains\/fred.*: words/],
    ];
    for (const [type, status, sentence] of cases) {
      const error = explain(typed(type, status));
      assert.ok(error instanceof PanelError, type);
      assert.equal(error.exitCode, ExitCode.rejected);
      assert.match(error.message, sentence);
      assert.equal(error.type, type);
    }
  });

  it('a 403 says who may not install; a refused login and other errors pass unchanged', () => {
    const denied = explain(new AuthError('The panel refused: Access denied'));
    assert.ok(denied instanceof AuthError);
    assert.match(denied.message, /does not let admin\|fred install WordPress/);
    assert.match(denied.hint ?? '', /--as/);
    const login = new AuthError('refused the login', 'check the password');
    assert.equal(explain(login), login);
    const missing = explain(new NotFoundError('Not found: HTTP 404'));
    assert.ok(missing instanceof NotFoundError);
    assert.match(missing.message, /no WordPress quick install/);
    const other = new Error('x');
    assert.equal(explain(other), other);
  });
});

describe('account creation API', () => {
  it('sends the JSON body of spec 2.3 to CMD_ACCOUNT_USER?json=yes', () => {
    const request = createAccountRequest({
      username: 'fred',
      email: 'f@fred.example',
      password: 'pw',
      domain: 'fred.example',
      package: 'default',
      ip: '192.0.2.1',
      notify: false,
    });
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/CMD_ACCOUNT_USER');
    assert.deepEqual(request.query, { json: 'yes' });
    assert.deepEqual(request.json, {
      action: 'create',
      add: 'yes',
      json: 'yes',
      username: 'fred',
      email: 'f@fred.example',
      passwd: 'pw',
      passwd2: 'pw',
      domain: 'fred.example',
      package: 'default',
      ip: '192.0.2.1',
      notify: 'no',
    });
  });
});
