// A domain's whole Unit setup as one document (`unit export`, `unit apply`): its applications by
// name and its route sets (the domain's own and each `<sub>.<domain>`). Keys are sorted and the
// sets ordered by subdomain, so two exports of the same state are the same bytes, also after a
// rename to another domain, and a diff in git shows only what changed.
import { isRecord } from '../json/record.js';
import { jsonPath } from '../json/path.js';
import { accountName } from '../validate/settings.js';
import { appName, domainName } from './names.js';
import type { Problem } from './validate.js';

export interface SiteDocument {
  domain: string;
  /** The account it was exported from: whose home its paths lie in. */
  user?: string;
  applications: Record<string, Record<string, unknown>>;
  /** By set name: `<domain>` or `<sub>.<domain>`. */
  routes: Record<string, unknown[]>;
}

const members = ['domain', 'user', 'applications', 'routes'];

/** The document's top-level shape: every problem with its JSON path (the members are checked later). */
export function readSite(value: unknown): { site?: SiteDocument; problems: Problem[] } {
  const problems: Problem[] = [];
  const problem = (path: string, message: string): void => {
    problems.push({ path, message });
  };
  if (!isRecord(value)) {
    problem('', 'must be an object with "domain", "applications" and "routes" (see unit export)');
    return { problems };
  }
  for (const key of Object.keys(value)) {
    if (!members.includes(key))
      problem(jsonPath('', key), `unknown member; a document has ${members.join(', ')}`);
  }
  const { domain, user, applications = {}, routes = {} } = value;
  const badDomain = typeof domain === 'string' ? domainName(domain) : 'is required: a string';
  if (badDomain !== undefined) problem('domain', badDomain);
  if (user !== undefined) {
    const bad = typeof user === 'string' ? accountName(user) : 'must be a string';
    if (bad !== undefined) problem('user', bad);
  }
  if (!isRecord(applications)) problem('applications', 'must be an object of name → definition');
  else {
    for (const [name, app] of Object.entries(applications)) {
      const bad = appName(name);
      const at = jsonPath('applications', name);
      if (bad !== undefined) problem(at, `is not a valid application name: it ${bad}`);
      else if (!isRecord(app)) problem(at, 'must be an object: the application definition');
    }
  }
  if (!isRecord(routes)) problem('routes', 'must be an object of route set → steps');
  else if (typeof domain === 'string') {
    for (const [set, steps] of Object.entries(routes)) {
      const at = jsonPath('routes', set);
      const bad = setProblem(set, domain);
      if (bad !== undefined) problem(at, bad);
      else if (!Array.isArray(steps)) problem(at, 'must be an array of steps');
    }
  }
  if (problems.length > 0) return { problems };
  // Checked above: the members have their shapes, the two collections default to empty.
  const site = { domain, applications, routes } as SiteDocument;
  return { site: user === undefined ? site : { ...site, user: user as string }, problems };
}

/** Why a set name is not the domain's own or one of its subdomains'. */
function setProblem(set: string, domain: string): string | undefined {
  if (set === domain) return undefined;
  const label = set.endsWith(`.${domain}`) ? set.slice(0, -(domain.length + 1)) : undefined;
  if (label === undefined || label.includes('.') || domainName(set) !== undefined) {
    return `is not a route set of ${domain}: name it ${domain} or <sub>.${domain}`;
  }
  return undefined;
}

/** The subdomain label of a set (undefined for the domain's own). */
export const subdomainOf = (set: string, domain: string): string | undefined =>
  set === domain ? undefined : set.slice(0, -(domain.length + 1));

/** The document `unit export` prints: sorted keys, the domain's own set first. */
export function siteDocument(
  domain: string,
  user: string,
  applications: Record<string, Record<string, unknown>>,
  routes: Record<string, readonly unknown[]>,
): SiteDocument {
  const sets = Object.keys(routes).sort((a, b) =>
    compare(subdomainOf(a, domain) ?? '', subdomainOf(b, domain) ?? ''),
  );
  return {
    domain,
    user,
    applications: sortKeys(applications) as SiteDocument['applications'],
    routes: Object.fromEntries(sets.map((set) => [set, sortKeys(routes[set] ?? []) as unknown[]])),
  };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Every object's keys in code-point order, deep; arrays keep their order. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isRecord(value)) return value;
  const keys = Object.keys(value).sort(compare);
  return Object.fromEntries(keys.map((k) => [k, sortKeys(value[k])]));
}

/** A problem of a member, as a path into the whole document. */
export function under(base: string, problem: Problem): Problem {
  const { path } = problem;
  const at = path === '' ? base : path.startsWith('[') ? `${base}${path}` : `${base}.${path}`;
  return { path: at, message: problem.message };
}
