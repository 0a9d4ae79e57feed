// The route table: pathname → the least role it needs and its handler. Adding an endpoint is
// one handler file in handlers/ and one line here.

import { listDatabases } from './handlers/databases.js';
import { loginPage } from './handlers/login.js';
import { loginTest } from './handlers/login-test.js';
import { showAllUsers } from './handlers/show-all-users.js';
import { showUsers } from './handlers/show-users.js';
import type { Route } from './route.js';

export const routes: Readonly<Record<string, Route>> = {
  // Legacy API: any method, parameters from query and body alike.
  '/CMD_LOGIN': { level: 'public', handler: loginPage },
  '/CMD_LOGIN_TEST': { level: 'user', handler: loginTest },
  '/CMD_API_LOGIN_TEST': { level: 'user', handler: loginTest },
  '/CMD_API_SHOW_ALL_USERS': { level: 'admin', handler: showAllUsers },
  '/CMD_API_SHOW_USERS': { level: 'reseller', handler: showUsers },

  // New API.
  '/api/db-show/databases': { level: 'user', methods: ['GET'], handler: listDatabases },
};
