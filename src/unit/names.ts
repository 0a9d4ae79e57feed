// Checks on the names `unit app` commands take, shared by flags and prompts. Each returns the rule
// the value breaks, or undefined (see src/settings/validate.ts for how flags and prompts use them).
import type { Check } from '../settings/validate.js';

/** An application name: it becomes `<domain>_<name>` in Unit and a file name in the panel. */
export const appName: Check = (v) => {
  if (!v) return 'must not be empty';
  if (v.includes('/')) return 'must not contain "/"';
  if (v.includes('..')) return 'must not contain ".."';
  if (!/^[A-Za-z0-9_-]+$/.test(v)) return 'use letters, digits, "-" and "_" only';
  if (v.length > 64) return 'must be at most 64 characters';
  return undefined;
};

const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A domain as the panel stores it: lower case, valid DNS labels, at least one dot. */
export const domainName: Check = (v) => {
  if (!v) return 'must not be empty';
  if (/[A-Z]/.test(v)) return 'must be lower case';
  if (!v.includes('.')) return 'must contain a dot, as in example.com';
  if (v.length > 253) return 'must be at most 253 characters';
  const labels = v.split('.');
  if (labels.some((l) => !label.test(l))) {
    return 'each part between dots must be 1 to 63 letters, digits or "-", not starting or ending with "-"';
  }
  if (/^\d+$/.test(labels.at(-1) ?? '')) return 'must end in a name, not a number';
  return undefined;
};

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
