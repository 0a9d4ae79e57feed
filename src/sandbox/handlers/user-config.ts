// An account's settings, three ways. CMD_API_SHOW_USER_CONFIG (user; `user=<name>`, default the
// acting account) answers the panel's user.conf keys (settings.ts), URL-encoded or with json=yes
// a JSON object of strings. GET /api/session/user-config and GET /api/users/{username}/config
// answer the swagger's web.userConfig, every member of it, from the same values. An account sees
// itself and the accounts it may act as; any other name is "Unable to show user", as for one that
// does not exist, so names cannot be probed.

import { maySee } from '../auth.js';
import { failure, fields, json } from '../reply.js';
import type { Reply } from '../reply.js';
import type { Handler } from '../route.js';
import { CREATED, legacyConfig } from '../settings.js';
import { findAccount } from '../state.js';
import type { AccountRecord, SandboxState } from '../state.js';

export const showUserConfig: Handler = ({ account, request, store }) => {
  const target = visible(store.state, account, request.params.user ?? account.username);
  if (target === undefined) return unableToShow(request.params.user ?? '');
  return fields(legacyConfig(target, store.state));
};

export const sessionUserConfig: Handler = ({ account, store }) =>
  json(userConfig(account, store.state));

export const userConfigByName: Handler = ({ account, pathParams, store }) => {
  const target = visible(store.state, account, pathParams.username ?? '');
  if (target === undefined) return failure(404, 'NOT_FOUND', 'Not Found', 'No such user');
  return json(userConfig(target, store.state));
};

function visible(state: SandboxState, actor: AccountRecord, name: string) {
  const target = findAccount(state, name);
  return target !== undefined && maySee(actor, target) ? target : undefined;
}

const unableToShow = (name: string): Reply =>
  failure(404, 'NOT_FOUND', 'Unable to show user', `There is no user ${name} that you manage`);

// The new API's types for the same settings: switches as booleans, limits as numbers where a
// negative one means unlimited (the swagger's note on the `Lim` fields).
const on = (value: string | undefined): boolean => value === 'ON' || value === 'yes';
const lim = (value: string | undefined): number =>
  value === undefined || value === 'unlimited' ? -1 : Number(value);

function userConfig(a: AccountRecord, state: SandboxState): Record<string, unknown> {
  const c = legacyConfig(a, state);
  // The swagger's optional cgroup limits: empty where none is set, as on a panel without them.
  const noCgroupLimit = '';
  return {
    account: on(c.account),
    aftp: on(c.aftp),
    apiAllowPassword: on(c.api_with_password),
    autorespondersLim: lim(c.nemailr),
    bandwidthLim: lim(c.bandwidth),
    catchAll: on(c.catchall),
    cgi: on(c.cgi),
    clamav: on(c.clamav),
    cpuQuota: noCgroupLimit,
    creator: a.owner,
    cron: on(c.cron),
    dateCreated: CREATED.iso,
    dnsControl: on(c.dnscontrol),
    domain: c.domain,
    domainPointersLim: lim(c.domainptr),
    domains: [...a.domains],
    domainsLim: lim(c.vdomains),
    email: a.email,
    emailAccountsLim: lim(c.nemails),
    emailForwardersLim: lim(c.nemailf),
    featureSets: [],
    ftpAccountsLim: lim(c.ftp),
    git: on(c.git),
    inodeLim: lim(c.inode),
    ioReadBandwidthMax: noCgroupLimit,
    ioReadIOPSMax: noCgroupLimit,
    ioWriteBandwidthMax: noCgroupLimit,
    ioWriteIOPSMax: noCgroupLimit,
    ip: c.ip,
    jail: false,
    language: c.language,
    letsEncrypt: 1,
    loginKeys: on(c.login_keys),
    mailPartition: '/home',
    mailingListsLim: lim(c.nemailml),
    memoryHigh: noCgroupLimit,
    memoryMax: noCgroupLimit,
    mySqlConf: '',
    mySqlDatabasesLim: lim(c.mysql),
    name: c.name,
    nginxUnit: on(c.nginxUnit),
    ns1: c.ns1,
    ns2: c.ns2,
    package: a.package,
    php: on(c.php),
    pluginsBlacklist: [],
    pluginsWhitelist: [],
    quotaLim: lim(c.quota),
    redis: false,
    skin: c.skin,
    spam: on(c.spam),
    ssh: on(c.ssh),
    ssl: on(c.ssl),
    subdomainsLim: lim(c.nsubdomains),
    suspended: a.suspended === true,
    sysInfo: on(c.sysinfo),
    tasksMax: noCgroupLimit,
    twoStepAuth: on(c.twostep_auth),
    twoStepAuthDesc: '',
    userType: a.role,
    username: a.username,
    users:
      a.role === 'user'
        ? []
        : state.accounts
            .filter((u) => u.role === 'user' && u.owner === a.username)
            .map((u) => u.username),
    usersLim: -1,
    usersManageDomains: 0,
    wordpress: on(c.wordpress),
    zoom: Number(c.zoom),
  };
}
