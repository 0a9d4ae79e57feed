// Drift between the panel's local copies and what Unit runs (spec 2.6: the copies refill Unit,
// Unit is authoritative): per application and route set, missing live, different live (with a
// diff), live only (left over); an empty live configuration means everything must be rewritten.
import { jsonDiff, sameJson } from '../unit/diff.js';
import { normaliseNumbers } from '../unit/validate.js';
import { ok, type Finding } from './findings.js';
import { liveApp, liveRoute } from './layout.js';
import type { Copy, UserFiles } from './panel.js';
import type { LiveConfig } from './socket.js';
import { isRecord } from '../json/record.js';

/** The fix of everything a rewrite of Unit's configuration puts right. */
export const rewrite = 'dactl unit sync (asks the panel to rewrite Unit’s configuration)';

/** The findings; `all` is whether every user was read (so a name no user owns is unmatched). */
export async function driftFindings(
  users: readonly UserFiles[],
  live: LiveConfig,
  all: boolean,
): Promise<Finding[]> {
  const out: Finding[] = [];
  const copies = users.reduce(
    (n, u) => n + u.domains.reduce((m, d) => m + d.apps.size + d.routes.size, 0),
    0,
  );
  const liveEmpty =
    Object.keys(live.applications).length === 0 && Object.keys(live.routes).length === 0;
  if (liveEmpty && copies > 0) {
    out.push({
      check: 'live',
      user: '',
      domain: '',
      item: 'configuration',
      status: 'fail',
      detail: `Unit's live configuration is empty (as after a restart of Unit): all ${String(copies)} local copies must be rewritten.`,
      fix: rewrite,
    });
  }
  const seenApps = new Set<string>();
  const seenRoutes = new Set<string>();
  const owner = new Map<string, string>();
  for (const { user, domains } of users) {
    for (const d of domains) {
      owner.set(d.domain, user);
      for (const [name, copy] of d.apps) {
        const key = liveApp(d.domain, name);
        seenApps.add(key);
        const base = { check: 'app' as const, user, domain: d.domain, item: name };
        const copyValue = isRecord(copy.value) ? normaliseNumbers(copy.value) : copy.value;
        out.push(await compare(base, copy, copyValue, live.applications[key], key));
      }
      for (const [set, copy] of d.routes) {
        const key = liveRoute(set);
        seenRoutes.add(key);
        const base = { check: 'route' as const, user, domain: d.domain, item: set };
        out.push(await compare(base, copy, copy.value, live.routes[key], key));
      }
    }
  }
  for (const key of Object.keys(live.applications).sort()) {
    if (seenApps.has(key)) continue;
    const cut = key.indexOf('_');
    const domain = cut > 0 ? key.slice(0, cut) : '';
    out.push(...leftover('app', key, domain, key.slice(cut + 1), owner, all));
  }
  for (const key of Object.keys(live.routes).sort()) {
    if (seenRoutes.has(key)) continue;
    const domain = [...owner.keys()].find((d) => key === d || key.endsWith(`.${d}`)) ?? '';
    out.push(...leftover('route', key, domain, key, owner, all));
  }
  return out;
}

async function compare(
  base: Pick<Finding, 'check' | 'user' | 'domain' | 'item'>,
  copy: Copy,
  value: unknown,
  liveValue: unknown,
  key: string,
): Promise<Finding> {
  if (copy.problem !== undefined) {
    return {
      ...base,
      status: 'fail',
      detail: `The local copy ${copy.path} ${copy.problem ?? 'could not be read'}; the panel cannot rewrite ${key} from it.`,
      fix: `Save it again from the panel (dactl unit ${base.check === 'app' ? 'app modify' : 'route set'}).`,
    };
  }
  if (liveValue === undefined) {
    return {
      ...base,
      status: 'fail',
      detail: `Missing live: Unit does not run ${key}.`,
      fix: rewrite,
    };
  }
  if (sameJson(value, liveValue)) return ok({ ...base, detail: `Unit runs ${key} as stored.` });
  const diff = (await jsonDiff(liveValue, value)).filter((l) => l.op !== ' ');
  return {
    ...base,
    status: 'fail',
    detail: `Different live: Unit runs ${key} otherwise than its local copy (- live, + copy).`,
    fix: rewrite,
    diff: diff.map((l) => `${l.op} ${l.text}`),
  };
}

function leftover(
  check: 'app' | 'route',
  key: string,
  domain: string,
  item: string,
  owner: Map<string, string>,
  all: boolean,
): Finding[] {
  const user = owner.get(domain);
  if (user === undefined) {
    // Out of scope under --user/--domain; with every user read, a name nobody's copies explain.
    if (!all) return [];
    return [
      {
        check: 'layout',
        user: '',
        domain,
        item: key,
        status: 'warn',
        detail: `Unit runs ${check === 'app' ? 'the application' : 'the route'} ${key}, which no user's domain of the panel could be matched to.`,
        fix: `Check it by hand (GET /config/${check === 'app' ? 'applications' : 'routes'}/${key} on Unit's control socket).`,
      },
    ];
  }
  const fix =
    check === 'app'
      ? `dactl unit app delete ${item} --domain ${domain} --as ${user} (a rewrite keeps it)`
      : `dactl unit route delete ${item} --domain ${domain} --as ${user} (a rewrite keeps it)`;
  return [
    {
      check,
      user,
      domain,
      item,
      status: 'fail',
      detail: `Live only (left over): Unit runs ${key} but the panel has no local copy of it.`,
      fix,
    },
  ];
}
