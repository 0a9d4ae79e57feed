// The built-in route templates and the ${placeholders} route templates may use. A placeholder
// that is also one of Unit's own variables (${uri}, ${host}) is left for Unit; `$uri` needs no
// braces and is never mistaken for a placeholder.
import { appName } from './names.js';
import { isUnitVariable } from './route-vars.js';
import type { Check } from '../validate/settings.js';
import type { Template } from './templates.js';

/** Filled by dactl: who and which set the route is for. */
interface RouteTarget {
  user: string;
  domain: string;
  /** The subdomain's own label(s) (`shop` of shop.fred.example), or undefined. */
  subdomain?: string;
}

export function routeVars(t: RouteTarget): Record<string, string> {
  const home = `/home/${t.user}`;
  const docroot = `${home}/domains/${t.domain}/public_html`;
  return {
    user: t.user,
    home,
    domain: t.domain,
    subdomain: t.subdomain ?? '',
    set: t.subdomain === undefined ? t.domain : `${t.subdomain}.${t.domain}`,
    // The panel's document root: public_html for the domain, public_html/<sub> for a subdomain.
    docroot: t.subdomain === undefined ? docroot : `${docroot}/${t.subdomain}`,
  };
}

interface VarSpec {
  message: string;
  /** The value when none is given: a name from routeVars, used without asking outside a terminal. */
  default?: string;
  check?: Check;
}

/** The placeholders the built-in templates ask for; a user's template may invent others. */
export const routeVarSpecs: Readonly<Record<string, VarSpec>> = {
  app: { message: 'Application (as "unit app list" names it)', check: appName },
  root: { message: 'Directory to serve files from', default: 'docroot' },
  url: { message: 'Proxy to (http://<IPv4>:<port>, http://[<IPv6>]:<port> or http://unix:<path>)' },
  location: { message: 'Redirect to (a URL)' },
};

/** The placeholders of a template the user must give: not filled by dactl, not Unit's own. */
export function askedVars(
  used: Iterable<string>,
  filled: Readonly<Record<string, string>>,
): string[] {
  return [...used].filter((name) => !Object.hasOwn(filled, name) && !isUnitVariable(name));
}

const pass = { pass: 'applications/${domain}_${app}' };

export const builtinRoutes: Readonly<Record<string, Template>> = {
  app: {
    description: 'Every request to one application of the domain',
    body: [{ action: pass }],
  },
  'static-then-app': {
    description: 'Files from a directory when they exist, everything else to the application',
    body: [{ action: { share: '${root}$uri', fallback: pass } }],
  },
  static: {
    description: 'Static files from a directory (the document root by default)',
    body: [{ action: { share: '${root}$uri' } }],
  },
  proxy: {
    description: 'Every request to an HTTP server (an IP address and port, or a Unix socket)',
    body: [{ action: { proxy: '${url}' } }],
  },
  redirect: {
    description: 'A permanent redirect (301) of every request to another URL',
    body: [{ action: { return: 301, location: '${location}' } }],
  },
};

export const routePlaceholderHelp = [
  '${user}, ${home}, ${domain}, ${subdomain}, ${set}, ${docroot}: filled by dactl',
  '${app}, ${root}, ${url}, ${location}, or any other name: from --var name=value (asked at a terminal)',
  "Unit's own variables ($uri, ${host}, ...) are left for Unit",
];
