// The route table: pathname → the least role it needs and its handler. Adding an endpoint is
// one handler file in handlers/ and one line here. `{name}` segments match one path segment.

import { createUser } from './handlers/account-user.js';
import { apiDescription } from './handlers/api-description.js';
import { createDatabase } from './handlers/create-db.js';
import { domainOwners } from './handlers/domain-owners.js';
import { showDatabase } from './handlers/database.js';
import { listDatabases } from './handlers/databases.js';
import { legacyDatabases } from './handlers/legacy-databases.js';
import { apiLogin, loginPage } from './handlers/login.js';
import { createKey, listKeys } from './handlers/login-keys.js';
import { loginTest } from './handlers/login-test.js';
import { userPackages } from './handlers/packages.js';
import { resellerIps } from './handlers/reseller-ips.js';
import { selectUsers } from './handlers/select-users.js';
import { loginAsReturn, loginAsSwitch, sessionInfo } from './handlers/session.js';
import { showAllUsers } from './handlers/show-all-users.js';
import { showDomains } from './handlers/show-domains.js';
import { showRole } from './handlers/show-role.js';
import { showUsers } from './handlers/show-users.js';
import { cmdUnit } from './handlers/unit.js';
import { allUserShow, userShow } from './handlers/user-show.js';
import { sessionUserConfig, showUserConfig, userConfigByName } from './handlers/user-config.js';
import { webDomains } from './handlers/web-domains.js';
import { installQuick } from './handlers/wordpress.js';
import { wordpressLocations } from './handlers/wordpress-locations.js';
import type { Route } from './route.js';

export const routes: Readonly<Record<string, Route>> = {
  // Legacy API: any method, parameters from query and body alike.
  '/CMD_LOGIN': { level: 'public', handler: loginPage },
  '/CMD_LOGIN_TEST': { level: 'user', handler: loginTest },
  '/CMD_API_LOGIN_TEST': { level: 'user', handler: loginTest },
  '/CMD_API_SHOW_ALL_USERS': { level: 'admin', handler: showAllUsers },
  '/CMD_API_SHOW_RESELLERS': { level: 'admin', handler: showRole('reseller') },
  '/CMD_API_SHOW_ADMINS': { level: 'admin', handler: showRole('admin') },
  '/CMD_API_SHOW_USERS': { level: 'reseller', handler: showUsers },
  '/CMD_ALL_USER_SHOW': { level: 'admin', handler: allUserShow },
  '/CMD_USER_SHOW': { level: 'reseller', handler: userShow },
  '/CMD_API_SHOW_USER_CONFIG': { level: 'user', handler: showUserConfig },
  '/CMD_API_SHOW_DOMAINS': { level: 'user', handler: showDomains },
  '/CMD_API_DOMAIN_OWNERS': { level: 'admin', handler: domainOwners },
  '/CMD_API_PACKAGES_USER': { level: 'reseller', handler: userPackages },
  '/CMD_API_SHOW_RESELLER_IPS': { level: 'reseller', handler: resellerIps },
  '/CMD_ACCOUNT_USER': { level: 'reseller', handler: createUser, webPage: 'Create User' },
  '/CMD_API_ACCOUNT_USER': { level: 'reseller', handler: createUser },
  '/CMD_API_SELECT_USERS': { level: 'reseller', handler: selectUsers },
  '/CMD_UNIT': { level: 'user', handler: cmdUnit },
  '/CMD_API_DATABASES': { level: 'user', handler: legacyDatabases },

  // New API.
  '/api/login': { level: 'public', methods: ['POST'], handler: apiLogin },
  '/api/session/user-config': { level: 'user', methods: ['GET'], handler: sessionUserConfig },
  '/api/users/{username}/config': { level: 'user', methods: ['GET'], handler: userConfigByName },
  '/api/db-show/databases': { level: 'user', methods: ['GET'], handler: listDatabases },
  '/api/db-show/databases/{database}': { level: 'user', methods: ['GET'], handler: showDatabase },
  '/api/db-manage/create-db': { level: 'user', methods: ['POST'], handler: createDatabase },
  '/api/wordpress/install-quick': { level: 'user', methods: ['POST'], handler: installQuick },
  '/api/wordpress/locations': { level: 'user', methods: ['GET'], handler: wordpressLocations },
  '/api/session': { level: 'user', methods: ['GET'], handler: (ctx) => sessionInfo(ctx, routes) },
  '/api/session/login-as/switch': { level: 'user', methods: ['POST'], handler: loginAsSwitch },
  '/api/session/login-as/return': { level: 'user', methods: ['POST'], handler: loginAsReturn },
  '/api/login-keys/keys': {
    level: 'user',
    methods: ['GET', 'POST'],
    handler: (ctx) => (ctx.request.method === 'GET' ? listKeys(ctx) : createKey(ctx)),
  },

  // Outside the API: the panel's description of its new API, and a web-interface action.
  '/static/swagger.json': {
    level: 'public',
    methods: ['GET'],
    handler: () => apiDescription(routes),
  },
  '/evo/ajax/domains': { level: 'user', methods: ['GET'], handler: webDomains },
};
