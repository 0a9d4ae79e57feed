// CMD_ACCOUNT_USER / CMD_API_ACCOUNT_USER (reseller; admins are resellers too): creates a user
// account owned by the acting account, so `admin|reseller1` creates one of reseller1's users and
// reseller1 may then act as it. Checks, in the panel's order, and reply texts are DirectAdmin's
// (facts page, "Users"). The new account is real: it can log in at once. CMD_ACCOUNT_USER without
// json=yes answers the web interface's HTML page (routes.ts: webPage); CMD_API_ACCOUNT_USER answers
// `error=0&text=...` URL-encoded.

import { demoIps, demoPackages } from '../data.js';
import { failure, success } from '../reply.js';
import type { Reply } from '../reply.js';
import type { Handler } from '../route.js';
import { findAccount } from '../state.js';
import type { SandboxState } from '../state.js';

const reserved = new Set(['root', 'admin', 'mysql', 'diradmin', 'apache', 'nobody', 'mail']);
const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const domainShape = new RegExp(`^${label}(?:\\.${label})+$`);

const cannot = (details: string): Reply =>
  failure(400, 'BAD_REQUEST', 'Cannot Create Account', details);

export const createUser: Handler = ({ account, request, store }) => {
  const { state } = store;
  const p = request.params;
  if (p.action !== 'create') return cannot('Unknown action; use action=create');
  const username = p.username ?? '';
  if (!/^[a-z][a-z0-9]{2,15}$/.test(username)) {
    return cannot('A username is 3 to 16 lower-case letters or digits, starting with a letter');
  }
  if (reserved.has(username)) return cannot('That username is a reserved system name');
  if (findAccount(state, username)) return cannot('That username already exists on the system');
  const email = p.email ?? '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return cannot('Invalid email address');
  const passwd = p.passwd ?? '';
  if (passwd !== (p.passwd2 ?? '')) return cannot('Passwords do not match');
  if (passwd.length < 8) return cannot('Password is too short');
  const domain = p.domain ?? '';
  if (/[A-Z]/.test(domain)) return cannot('Do not use CAPS in the domain name.');
  if (!domainShape.test(domain)) return cannot('Invalid domain name');
  const clash = domainClash(state, domain);
  if (clash !== undefined) return cannot(clash);
  const pkg = (state.packages ?? demoPackages()).find((x) => x.name === p.package);
  if (pkg === undefined) return cannot('Package not found');
  const ip = addressFor(state, p.ip ?? '');
  if (ip === undefined) {
    return cannot(
      p.ip === 'assign' ? 'There is no free IP address to assign' : 'That IP is not on this server',
    );
  }

  state.accounts.push({
    username,
    password: passwd,
    role: 'user',
    owner: account.username,
    email,
    package: pkg.name,
    domains: [domain],
    databases: [],
    // The panel puts its placeholder page in every new domain.
    files: [`domains/${domain}/public_html/index.html`],
    ip,
  });
  store.save();
  // Real replies carry the whole creation log in `result` and "extended" in JSON.
  return success(`User ${username} created`, creationLog(username, domain, ip), {
    extended: 'true',
  });
};

const creationLog = (username: string, domain: string, ip: string): string =>
  [
    `Unix user ${username} created`,
    `User ${username} created`,
    `Domain ${domain} created on ${ip}`,
    `DNS zone of ${domain} created`,
    `Default web pages of ${domain} installed`,
    `E-mail for ${domain} set up`,
    `${domain} is ready`,
  ].join('\n');

// An address of the server; newer panels also take `shared`/`server` (the shared address) and
// `assign` (a free one nobody uses yet).
function addressFor(state: SandboxState, wanted: string): string | undefined {
  const ips = state.ips ?? demoIps();
  if (wanted === 'shared' || wanted === 'server') return ips[0];
  if (wanted === 'assign')
    return ips.slice(1).find((ip) => !state.accounts.some((a) => a.ip === ip));
  return ips.includes(wanted) ? wanted : undefined;
}

// The panel refuses a domain it already hosts. A domain below one of another account's domains,
// or above one, is refused too: the two would share names (`shop.fred.example` is also fred's
// subdomain `shop`), so one account's route sets could reach the other's.
function domainClash(state: SandboxState, domain: string): string | undefined {
  for (const hosted of state.accounts.flatMap((a) => a.domains)) {
    if (hosted === domain) return 'That domain already exists';
    if (domain.endsWith(`.${hosted}`)) {
      return `That domain already exists: it is a subdomain of ${hosted}, which another account hosts`;
    }
    if (hosted.endsWith(`.${domain}`)) {
      return `That domain already exists: another account hosts ${hosted}, a subdomain of it`;
    }
  }
  return undefined;
}
