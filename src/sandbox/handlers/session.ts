// The session endpoints (swagger: "Sessions", "Session control"). GET /api/session says who is
// logged in (realUsername) and who is acting (effectiveUsername), by Basic auth or session alike.
// POST /api/session/login-as/switch {username} makes a session act as another account, by the
// one impersonation rule (auth.ts: an admin as anyone, a reseller as its own users, a user as
// nobody); POST /api/session/login-as/return drops the last account switched to. A session
// request switches that session in place (clients that ignore the new cookie keep the right
// one); a Basic request starts a new session acting as the target. A Login Key starts none
// (431 LOGIN_KEY_API_ONLY, the swagger's answer): a session would shed the key's limits.

import { hasLevel, switchChain } from '../auth.js';
import { commandOf } from '../login-keys.js';
import { JSON_TYPE } from '../render.js';
import { badRequest, failure, json, page } from '../reply.js';
import type { Reply } from '../reply.js';
import type { Handler, HandlerContext, Route } from '../route.js';
import type { SandboxRequest } from '../request.js';
import { sessionCookie, startSession } from './login.js';

/** The session a request logged in with; undefined for Basic auth, which wins when both come. */
const sessionOf = (request: SandboxRequest): string | undefined =>
  request.credentials === undefined ? request.session : undefined;

const switched = (id: string): Reply =>
  page(204, JSON_TYPE, '', { 'Set-Cookie': sessionCookie(id) });

export function sessionInfo(ctx: HandlerContext, routes: Readonly<Record<string, Route>>): Reply {
  const { account, login, request } = ctx;
  // What the acting account may call, named as Login Keys name commands.
  const allowedCommands = Object.entries(routes)
    .filter(
      ([path, r]) =>
        /^\/(CMD_|api\/)/.test(path) && r.level !== 'public' && hasLevel(account, r.level),
    )
    .map(([path]) => commandOf(path));
  return json({
    allowedCommands: [...new Set(allowedCommands)].sort(),
    configFeatures: features,
    customDomainItems: [],
    custombuildOptions: { modSecurity: false },
    demo: false,
    directadminConfig: daConf,
    effectiveRole: account.role,
    effectiveUsername: account.username,
    havePluginHooksAdmin: false,
    havePluginHooksReseller: false,
    havePluginHooksUser: false,
    homeDir: `/home/${account.username}`,
    loginAsDNSControl: false,
    phpmyadminPublic: false,
    realUsername: login.username,
    selectedDomain: account.domains[0] ?? '',
    sessionID: sessionOf(request) ?? '',
    ticketsEnabled: false,
  });
}

export const loginAsSwitch: Handler = ({ request, store, key }) => {
  const body: unknown = request.body;
  const target =
    typeof body === 'object' && body !== null && 'username' in body ? body.username : undefined;
  if (typeof target !== 'string' || !/^[^|\s]+$/.test(target)) {
    return badRequest('The JSON body needs a "username" string: the account to act as');
  }
  const session = sessionOf(request);
  if (session === undefined && key !== undefined) return json({ type: 'LOGIN_KEY_API_ONLY' }, 431);
  const chain =
    session === undefined ? (request.credentials?.username ?? '') : store.sessions.get(session);
  const next = switchChain(store.state, chain ?? '', target);
  if (!next.ok) return failure(403, 'ACCESS_DENIED', 'Access Denied', next.reason);
  if (session === undefined) return switched(startSession(store, next.chain));
  store.sessions.set(session, next.chain);
  return switched(session);
};

export const loginAsReturn: Handler = ({ request, store }) => {
  const session = sessionOf(request);
  // Basic auth has no session to leave; the request's own chain says who acts.
  if (session === undefined) return page(204, JSON_TYPE, '');
  const names = (store.sessions.get(session) ?? '').split('|');
  if (names.length > 1) store.sessions.set(session, names.slice(0, -1).join('|'));
  return switched(session);
};

// The panel's settings as a session reports them: the sandbox's fixed ones.
const features = {
  auth2FA: false,
  bruteforceLogScanner: false,
  cgroup: false,
  clamav: false,
  composer: false,
  dnssec: 0,
  git: true,
  imapsync: false,
  inode: false,
  ipv6: false,
  jail: 0,
  mxWithoutDNSControl: false,
  netdataSock: false,
  nginx: false,
  nginxProxy: false,
  nginxTemplates: false,
  oneClickPMALogin: false,
  phpmyadmin: false,
  redis: false,
  resellerCustomizeSkinConfigJson: false,
  roundcube: false,
  rspamdSock: false,
  squirrelMail: false,
  unit: true,
  webmail: false,
  wordpress: true,
};

const daConf = {
  allowForwarderPipe: true,
  ftpSeparator: '@',
  homeOverrides: ['/home'],
  loginKeys: true,
  maxFilesizeBytes: 524_288_000,
  passwordCheckDifficult: false,
  passwordCheckMinLength: 8,
  resellerWarningBandwidthPercentage: 75,
  showPointersInList: 1,
  tableDefaultIPP: 50,
  userWarningBandwidthPercentage: 80,
  userWarningInodePercentage: 95,
  userWarningQuotaPercentage: 95,
  webappsSSL: false,
  webmailHideLinks: false,
  webmailLink: 'roundcube',
};
