// An account's settings as the panel's files write them (`key=value`; `ON`/`OFF`; a number or
// `unlimited`): what its package gives (the package file, CMD_API_PACKAGES_USER?package=) and its
// user.conf (CMD_API_SHOW_USER_CONFIG). /api/users/{name}/config is built from the same values,
// so the three replies agree. The keys are those third-party clients read (facts page, "Users");
// a client reads a missing `php` or `ssl` as OFF without a word, so none may be left out.

import { demoIps, demoPackages } from './data.js';
import type { AccountRecord, PackageRecord, SandboxState } from './state.js';

/** The sandbox's demo accounts all date from here (DirectAdmin writes the C library's format). */
export const CREATED = { legacy: 'Mon Jan  1 00:00:00 2024', iso: '2024-01-01 00:00:00' };
const NAME_SERVERS = ['ns1.sandbox.example', 'ns2.sandbox.example'] as const;

const limit = (n: number | undefined): string => (n === undefined ? 'unlimited' : String(n));

export function findPackage(state: SandboxState, name: string): PackageRecord | undefined {
  return (state.packages ?? demoPackages()).find((p) => p.name === name);
}

/** A package's settings; only the database count differs between the sandbox's packages. */
export function packageSettings(pkg: PackageRecord | undefined): Record<string, string> {
  return {
    aftp: 'OFF',
    bandwidth: 'unlimited',
    catchall: 'ON',
    cgi: 'ON',
    cron: 'ON',
    dnscontrol: 'ON',
    domainptr: 'unlimited',
    ftp: 'unlimited',
    git: 'ON',
    inode: 'unlimited',
    language: 'en',
    login_keys: 'ON',
    mysql: limit(pkg?.databases),
    nemailf: 'unlimited',
    nemailml: 'unlimited',
    nemailr: 'unlimited',
    nemails: 'unlimited',
    nsubdomains: 'unlimited',
    php: 'ON',
    quota: 'unlimited',
    skin: 'evolution',
    spam: 'ON',
    ssh: 'OFF',
    ssl: 'ON',
    suspend_at_limit: 'ON',
    sysinfo: 'OFF',
    vdomains: 'unlimited',
    wordpress: 'ON',
  };
}

/** The account's user.conf, as CMD_API_SHOW_USER_CONFIG answers it (keys sorted, as the file). */
export function legacyConfig(a: AccountRecord, state: SandboxState): Record<string, string> {
  return sorted({
    ...packageSettings(findPackage(state, a.package)),
    account: 'ON',
    additional_bandwidth: '0',
    api_with_password: 'yes',
    clamav: 'OFF',
    creator: a.owner,
    date_created: CREATED.legacy,
    demo: 'no',
    docsroot: './data/skins/evolution',
    domain: a.domains[0] ?? '',
    email: a.email,
    email_limit: '0',
    ip: a.ip ?? (state.ips ?? demoIps())[0] ?? '',
    ips: '0',
    name: a.name ?? a.username,
    nginxUnit: 'ON',
    notify_on_all_question_failures: 'yes',
    notify_on_all_twostep_auth_failures: 'yes',
    ns1: NAME_SERVERS[0],
    ns2: NAME_SERVERS[1],
    original_package: a.package,
    package: a.package,
    security_questions: 'no',
    suspended: a.suspended === true ? 'yes' : 'no',
    twostep_auth: 'no',
    user_widgets: '',
    username: a.username,
    usertype: a.role,
    zoom: '100',
  });
}

const sorted = (o: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
