// An account's settings, three ways. CMD_API_SHOW_USER_CONFIG (user; `user=<name>`, default the
// acting account) answers the panel's user.conf keys, URL-encoded or with json=yes a JSON object
// of strings (`suspended=yes|no`, `usertype`, `creator`, ...). GET /api/session/user-config and
// GET /api/users/{username}/config answer the swagger's web.userConfig. An account sees itself and
// the accounts it may act as; any other name is "Unable to show user", as for one that does not
// exist, so names cannot be probed.

import { maySee } from '../auth.js';
import { demoPackages } from '../data.js';
import { failure, fields, json } from '../reply.js';
import type { Reply } from '../reply.js';
import type { Handler } from '../route.js';
import { findAccount } from '../state.js';
import type { AccountRecord, SandboxState, Store } from '../state.js';

export const showUserConfig: Handler = ({ account, request, store }) => {
  const target = visible(store.state, account, request.params.user ?? account.username);
  if (target === undefined) return unableToShow(request.params.user ?? '');
  return fields(legacyConfig(target, store));
};

export const sessionUserConfig: Handler = ({ account, store }) => json(userConfig(account, store));

export const userConfigByName: Handler = ({ account, pathParams, store }) => {
  const target = visible(store.state, account, pathParams.username ?? '');
  if (target === undefined) return failure(404, 'NOT_FOUND', 'Not Found', 'No such user');
  return json(userConfig(target, store));
};

function visible(state: SandboxState, actor: AccountRecord, name: string) {
  const target = findAccount(state, name);
  return target !== undefined && maySee(actor, target) ? target : undefined;
}

const unableToShow = (name: string): Reply =>
  failure(404, 'NOT_FOUND', 'Unable to show user', `There is no user ${name} that you manage`);

function limitOf(store: Store, account: AccountRecord) {
  return (store.state.packages ?? demoPackages()).find((p) => p.name === account.package);
}

function legacyConfig(a: AccountRecord, store: Store): Record<string, string> {
  const limit = limitOf(store, a)?.databases;
  return {
    username: a.username,
    usertype: a.role,
    creator: a.owner,
    name: a.name ?? a.username,
    email: a.email,
    domain: a.domains[0] ?? '',
    package: a.package,
    ip: a.ip ?? (store.state.ips ?? ['127.0.0.1'])[0] ?? '',
    suspended: a.suspended === true ? 'yes' : 'no',
    vdomains: 'unlimited',
    mysql: limit === undefined ? 'unlimited' : String(limit),
    account: 'ON',
    language: 'en',
    skin: 'evolution',
    nginx_unit: 'ON',
  };
}

function userConfig(a: AccountRecord, store: Store): Record<string, unknown> {
  const legacy = legacyConfig(a, store);
  const unlimited = -1;
  return {
    account: true,
    aftp: false,
    apiAllowPassword: true,
    autorespondersLim: unlimited,
    bandwidthLim: unlimited,
    catchAll: true,
    cgi: true,
    clamav: false,
    creator: a.owner,
    cron: true,
    dateCreated: '2024-01-01 00:00:00',
    dnsControl: true,
    domain: legacy.domain,
    domainPointersLim: unlimited,
    domains: [...a.domains],
    domainsLim: unlimited,
    email: a.email,
    emailAccountsLim: unlimited,
    emailForwardersLim: unlimited,
    featureSets: [],
    ftpAccountsLim: unlimited,
    git: true,
    inodeLim: unlimited,
    ip: legacy.ip,
    jail: false,
    language: 'en',
    letsEncrypt: 1,
    loginKeys: true,
    mailPartition: '/home',
    mailingListsLim: unlimited,
    mySqlConf: '',
    mySqlDatabasesLim: limitOf(store, a)?.databases ?? unlimited,
    name: legacy.name,
    nginxUnit: true,
    ns1: 'ns1.sandbox.example',
    ns2: 'ns2.sandbox.example',
    package: a.package,
    php: true,
    pluginsBlacklist: [],
    pluginsWhitelist: [],
    quotaLim: unlimited,
    redis: false,
    skin: 'evolution',
    spam: true,
    ssh: false,
    ssl: true,
    subdomainsLim: unlimited,
    suspended: a.suspended === true,
    sysInfo: false,
    twoStepAuth: false,
    twoStepAuthDesc: '',
    userType: a.role,
    username: a.username,
    users:
      a.role === 'user'
        ? []
        : store.state.accounts
            .filter((u) => u.role === 'user' && u.owner === a.username)
            .map((u) => u.username),
    usersLim: unlimited,
    usersManageDomains: 0,
    wordpress: true,
    zoom: 100,
  };
}
