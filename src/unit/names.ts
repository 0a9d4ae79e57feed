// Checks on the names `unit app` commands take, shared by flags and prompts. Each returns the rule
// the value breaks, or undefined (see src/validate/settings.ts for how flags and prompts use them).
import type { Check } from '../validate/settings.js';

/** An application name: it becomes `<domain>_<name>` in Unit and a file name in the panel. */
export const appName: Check = (v) => {
  if (!v) return 'must not be empty';
  if (v.includes('/')) return 'must not contain "/"';
  if (v.includes('..')) return 'must not contain ".."';
  if (!/^[A-Za-z0-9_-]+$/.test(v)) return 'must use only letters, digits, "-" and "_"';
  if (v.length > 64) return 'must be at most 64 characters';
  return undefined;
};

/** The domain rule is the one `user create` uses. */
export { domainName } from '../validate/account.js';

const segment = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** A path below a domain's directory (`--dir app`, `--entry bin/www`): relative, no "..". */
export const relativePath: Check = (v) => {
  if (!v) return 'must not be empty';
  if (v.startsWith('/')) return 'must be relative, e.g. app or bin/www';
  const parts = v.replace(/\/+$/, '').split('/');
  if (parts.some((p) => p === '.' || p === '..')) return 'must not contain "." or ".." parts';
  if (parts.some((p) => !segment.test(p))) {
    return 'use letters, digits, ".", "_" and "-" in each part, separated by single "/"';
  }
  return undefined;
};

/** The name of a route set: the domain, or `<sub>.<domain>`. */
export const routeSetName = (domain: string, subdomain?: string): string =>
  subdomain === undefined ? domain : `${subdomain}.${domain}`;

/** The name Unit knows an application by; routes pass to `applications/<this>`. */
export const liveName = (domain: string, name: string): string => `${domain}_${name}`;
