// What the `unit route` commands share: which route set (--domain, --subdomain), the acting user
// (also offline), fetching the panel's route settings, reading a route from a file or stdin, and
// the checks before sending.
import { resolve } from 'node:path';
import { getRouteSettings, type RouteSettings } from '../../../../api/unit-routes.js';
import type { Context } from '../../../../context.js';
import { locate } from '../../../../doctor/where.js';
import { ProblemsError, UsageError } from '../../../../errors.js';
import { accountName, checkFlag } from '../../../../validate/settings.js';
import { parseJsonText } from '../../../../unit/json-text.js';
import { domainName, routeSetName } from '../../../../unit/names.js';
import { routeProblems, type RouteScope } from '../../../../unit/route-validate.js';
import { formatProblem } from '../../../../unit/validate.js';
import { domainOf, refused } from '../../app/_shared/shared.js';
import { readInput } from '../../../../input.js';

export { actingUser, collect, showDiff, sure, sendChange } from '../../app/_shared/shared.js';

/** One route set: the parent domain and, for a subdomain’s set, its one label. */
export interface SetTarget {
  domain: string;
  subdomain?: string;
  /** `<domain>` or `<sub>.<domain>`. */
  set: string;
}

export interface TargetOptions {
  domain?: string;
  subdomain?: string;
}

/**
 * `shop` or `shop.fred.example` → `shop`; the rule it breaks otherwise. A subdomain is one label:
 * `shop.other.com` is not a subdomain of fred.example, and must not become `shop.other.com.fred.example`.
 * `Shop` is shop, as the panel keeps it, with a note on stderr (as for domains).
 */
export function subdomainLabel(
  ctx: Context,
  domain: string,
  given: string,
): string | { problem: string } {
  const value = given.toLowerCase();
  if (value !== given) ctx.log.info(`Subdomains are lower case: using ${value}.`);
  const label = value.endsWith(`.${domain}`) ? value.slice(0, -(domain.length + 1)) : value;
  if (value === domain) return { problem: 'is the domain itself; leave --subdomain out' };
  if (label.includes('.')) {
    return { problem: `must be one label such as shop, or the full shop.${domain}` };
  }
  const bad = label.trim() === '' ? 'must not be empty' : domainName(`${label}.${domain}`);
  return bad === undefined ? label : { problem: bad };
}

export async function routeTarget(
  ctx: Context,
  opts: TargetOptions,
  offline = false,
): Promise<SetTarget> {
  const domain = await domainOf(ctx, opts.domain, offline);
  if (opts.subdomain === undefined) return { domain, set: domain };
  const label = subdomainLabel(ctx, domain, opts.subdomain);
  if (typeof label !== 'string') {
    throw new UsageError(`--subdomain "${opts.subdomain}": ${label.problem}.`);
  }
  return { domain, subdomain: label, set: routeSetName(domain, label) };
}

/**
 * The acting user without asking the panel (--offline): --as or DACTL_AS, else the account of the
 * profile or of DACTL_USERNAME. It decides which home `share` paths must stay in.
 */
export async function offlineUser(ctx: Context): Promise<string> {
  const as = ctx.options.as ?? (ctx.io.env.DACTL_AS || undefined);
  if (as !== undefined) return checkFlag(ctx.options.as ? '--as' : 'DACTL_AS', as, accountName);
  try {
    const connection = await ctx.resolve();
    return connection.as ?? connection.username;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
  }
  const username = ctx.io.env.DACTL_USERNAME;
  if (username) return checkFlag('DACTL_USERNAME', username, accountName);
  throw new UsageError(
    'Checking a route needs the acting user: share paths must stay inside /home/<user>/.',
    'Pass --as <user>, set DACTL_USERNAME, or select a profile.',
  );
}

export async function fetchSettings(
  ctx: Context,
  target: SetTarget,
  user: string,
): Promise<RouteSettings> {
  try {
    return await getRouteSettings(await ctx.client(), target.domain, target.subdomain);
  } catch (error) {
    throw await refused(ctx, error, target.domain, user);
  }
}

/** --file <f> or --file - (stdin): a route, parsed but not yet checked. */
export async function readRouteFile(ctx: Context, file: string, flag?: string): Promise<unknown> {
  const text = await readInput(ctx.io.stdin, file, flag ?? 'The file');
  const stdin = flag === undefined ? 'The route on stdin' : `The route on stdin (${flag} -)`;
  const source = file === '-' ? stdin : flag === undefined ? file : `${flag} ${file}`;
  if (!text.trim()) throw new UsageError(`${source} is empty.`);
  return parseJsonText(text, source);
}

/**
 * What a route is judged in: the domain, the acting user, the applications the panel offers when
 * asked, and Unit's control socket as dactl would find it (a proxy must not reach it).
 */
export function scopeOf(
  ctx: Context,
  target: SetTarget,
  user: string,
  settings?: RouteSettings,
): RouteScope {
  const controlSocket = resolve(locate('socket', undefined, ctx.io.env));
  const scope = { domain: target.domain, user, controlSocket };
  return settings === undefined ? scope : { ...scope, applications: settings.applications };
}

/** The route, when Unit and the panel would take it; otherwise exit 2 listing every problem. */
export function checkRoute(route: unknown, scope: RouteScope, what = 'The route'): unknown[] {
  const problems = routeProblems(route, scope);
  if (problems.length === 0 && Array.isArray(route)) return route;
  throw new ProblemsError(
    `${what} is not valid:\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`,
    problems,
    scope.applications === undefined
      ? 'Unit documents routes at https://unit.nginx.org/configuration/#routes.'
      : `See the applications a route may pass to with: dactl unit route show --domain ${scope.domain} --settings`,
  );
}
