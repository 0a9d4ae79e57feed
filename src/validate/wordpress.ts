// Checks for a WordPress quick install (spec 2.2): where it goes and who administers it.
import type { Check } from './settings.js';
import { domainName } from './account.js';

const segment = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** A directory below public_html: relative, no "." or ".." parts. */
export const subdirectory: Check = (v) => {
  if (v.startsWith('/')) return 'must be relative to public_html, e.g. blog';
  const parts = v.split('/');
  if (parts.some((p) => p === '.' || p === '..')) return 'must not contain "." or ".." parts';
  if (parts.some((p) => !segment.test(p))) {
    return 'use letters, digits, ".", "_" and "-" in each part, separated by single "/"';
  }
  return undefined;
};

/** `domains/<domain>/public_html[/<dir>]`, relative to the account's home directory. */
export const installPath: Check = (v) => {
  const shape = 'must be domains/<domain>/public_html or a directory below it';
  if (v.startsWith('/')) return `${shape}, relative to the home directory (not absolute)`;
  if (v.split('/').includes('..')) return `${shape}, without ".."`;
  const match = /^domains\/([^/]+)\/public_html(?:\/(.+))?$/.exec(v);
  if (!match) return shape;
  const [, domain = '', dir] = match;
  const badDomain = domainName(domain);
  if (badDomain) return `the domain "${domain}" ${badDomain}`;
  const badDir = dir === undefined ? undefined : subdirectory(dir);
  if (badDir) return `the directory "${dir ?? ''}" ${badDir}`;
  return undefined;
};

export function installPathOf(domain: string, subdir?: string): string {
  return `domains/${domain}/public_html${subdir ? `/${subdir}` : ''}`;
}

/** The domain of an install path (one installPath accepts). */
export const domainOfPath = (path: string): string => path.split('/')[1] ?? '';

/** WordPress's own rule for login names: letters, digits, spaces and _ . - @. */
export const wordpressLogin: Check = (v) => {
  if (!v.trim()) return 'must not be empty';
  if (v.length > 60) return 'must be at most 60 characters';
  if (!/^[A-Za-z0-9 _.@-]+$/.test(v)) return 'use letters, digits, spaces and "_", ".", "@", "-"';
  return undefined;
};

export const siteTitle: Check = (v) => {
  if (!v.trim()) return 'must not be empty';
  if (v.length > 200) return 'must be at most 200 characters';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(v)) return 'must not contain control characters';
  return undefined;
};
