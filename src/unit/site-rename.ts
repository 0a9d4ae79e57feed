// A document exported from one domain (and account) applied to another: `pass` targets, host
// matches and route set names follow the domain; paths under the old home go to the new home,
// its `domains/<old>` directory to `domains/<new>`; `user` and `group` follow the account. Any
// other mention of the old domain or home (a URL in an environment value, a proxy address) has
// no safe rename: it is refused at its JSON path, for the user to decide.
import { isRecord } from '../json/record.js';
import { jsonPath } from '../json/path.js';
import { subdomainOf, type SiteDocument } from './site.js';
import type { Problem } from './validate.js';

export interface SiteTarget {
  domain: string;
  user: string;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The document for `to`, or the strings that cannot be renamed safely. */
export function renameSite(
  site: SiteDocument,
  to: SiteTarget,
): { site: SiteDocument; problems: Problem[] } {
  const from = { domain: site.domain, user: site.user ?? to.user };
  const problems: Problem[] = [];
  if (from.domain === to.domain && from.user === to.user) return { site, problems };
  const rename = renamer(from, to, (path, message) => problems.push({ path, message }));
  const applications = Object.fromEntries(
    Object.entries(site.applications).map(([name, app]) => {
      const at = jsonPath('applications', name);
      const renamed = rename(app, at, '') as Record<string, unknown>;
      for (const key of ['user', 'group']) {
        if (renamed[key] === from.user) renamed[key] = to.user;
      }
      return [name, renamed];
    }),
  );
  const routes = Object.fromEntries(
    Object.entries(site.routes).map(([set, steps]) => {
      const sub = subdomainOf(set, from.domain);
      const name = sub === undefined ? to.domain : `${sub}.${to.domain}`;
      return [name, rename(steps, jsonPath('routes', set), '') as unknown[]];
    }),
  );
  return { site: { domain: to.domain, user: to.user, applications, routes }, problems };
}

function renamer(
  from: SiteTarget,
  to: SiteTarget,
  problem: (path: string, message: string) => void,
): (value: unknown, path: string, key: string) => unknown {
  const domainMoves = from.domain !== to.domain;
  const userMoves = from.user !== to.user;
  // /home/<user>, and its domains/<domain> directory right after it, as whole path parts.
  const home = new RegExp(
    `/home/${escape(from.user)}(/domains/${escape(from.domain)})?(?=[/:]|$)`,
    'g',
  );
  const oldDomain = new RegExp(`(?<![A-Za-z0-9-])${escape(from.domain)}(?![A-Za-z0-9-])`, 'i');
  const oldHome = new RegExp(`/home/${escape(from.user)}(?=[/:]|$)`);
  const newHome = (_: string, dir: string | undefined): string =>
    `/home/${to.user}${dir === undefined ? '' : `/domains/${to.domain}`}`;
  const pass = `applications/${from.domain}_`;

  const text = (value: string, path: string, key: string): string => {
    if (domainMoves && key === 'pass' && value.startsWith(pass)) {
      return `applications/${to.domain}_${value.slice(pass.length)}`;
    }
    if (domainMoves && key === 'host') return renameHost(value, from.domain, to.domain);
    // What is left once the paths are renamed must not name the old domain or home.
    const rest = value.replace(home, '');
    const left =
      domainMoves && oldDomain.test(rest)
        ? `names ${from.domain}`
        : userMoves && oldHome.test(rest)
          ? `names /home/${from.user}`
          : undefined;
    if (left !== undefined) {
      problem(
        path,
        `${left}, which dactl cannot rename safely here (it renames paths under /home/${from.user}/, "pass" targets and "host" matches): change it in the file`,
      );
      return value;
    }
    return value.replace(home, newHome);
  };

  const walk = (value: unknown, path: string, key: string): unknown => {
    if (typeof value === 'string') return text(value, path, key);
    // A host list keeps its key for each of its items.
    if (Array.isArray(value)) return value.map((v, i) => walk(v, jsonPath(path, i), key));
    if (!isRecord(value)) return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, walk(v, jsonPath(path, k), k)]),
    );
  };
  return walk;
}

/** `fred.example`, `*.fred.example` or `!www.fred.example` for `to`; other hosts stay. */
function renameHost(host: string, from: string, to: string): string {
  const not = host.startsWith('!') ? '!' : '';
  const name = host.slice(not.length);
  const lower = name.toLowerCase();
  if (lower === from) return `${not}${to}`;
  if (lower.endsWith(`.${from}`)) return `${not}${name.slice(0, -from.length)}${to}`;
  return host;
}
