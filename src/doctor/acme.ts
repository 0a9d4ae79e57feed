// The ACME rule (spec 2.6): a route set that sends every request to an application needs, in the
// web server's custom configuration of its domain, a /.well-known/acme-challenge exclusion above
// every other redirect, or certificates cannot be issued or renewed.
import { ok, type Finding } from './findings.js';
import type { DomainFiles } from './panel.js';
import { isRecord } from '../json/record.js';

const acme = '/.well-known/acme-challenge';

// Directives that send a request elsewhere, in nginx and Apache custom configurations.
const redirect =
  /\b(return\s+30[1278]|rewrite\s|proxy_pass\s|RewriteRule\s|Redirect(Match|Permanent)?\s|ProxyPass\s)/;

/** Whether some step sends everything (no match, or a match-all uri) to an application. */
function catchAllToApp(route: unknown): boolean {
  if (!Array.isArray(route)) return false;
  for (const step of route) {
    if (!isRecord(step) || !isRecord(step.action)) continue;
    const match = isRecord(step.match) ? step.match : {};
    const uris = [match.uri].flat().filter((u): u is string => typeof u === 'string');
    // The route set excludes ACME paths itself before the catch-all.
    if (uris.some((u) => u.includes(acme))) return false;
    const keys = Object.keys(match);
    const all =
      keys.length === 0 || (keys.length === 1 && uris.every((u) => u === '*' || u === '/*'));
    if (!all) continue;
    const pass = step.action.pass;
    return typeof pass === 'string' && pass.startsWith('applications/');
  }
  return false;
}

export function acmeFindings(user: string, d: DomainFiles): Finding[] {
  const out: Finding[] = [];
  for (const [set, copy] of d.routes) {
    if (!catchAllToApp(copy.value)) continue;
    const base = { check: 'acme' as const, user, domain: d.domain, item: set };
    const found = [...d.custom].map(([path, text]) => {
      const at = text.indexOf(acme);
      const first = redirect.exec(text)?.index ?? Infinity;
      return { path, at, above: at >= 0 && at < first };
    });
    const good = found.find((f) => f.above);
    if (good) {
      out.push(ok({ ...base, detail: `${good.path} excludes ${acme} above its redirects.` }));
      continue;
    }
    const below = found.find((f) => f.at >= 0);
    out.push({
      ...base,
      status: 'fail',
      detail: below
        ? `${below.path} excludes ${acme} only below another redirect, so ACME requests never reach it.`
        : `The route set sends every request to an application and the domain's custom web server configuration has no ${acme} exclusion.`,
      fix: `Put a ${acme} exclusion above all other redirects in the domain's custom ${below ? below.path.slice(below.path.lastIndexOf('.') + 1) : 'nginx/httpd'} configuration (Admin → Custom HTTPD Configurations).`,
    });
  }
  return out;
}
