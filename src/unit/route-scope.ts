// The panel's scope rules on top of Unit's (spec 2.5 rule 3): a route may pass only to an
// application of its own domain, and share only files inside the acting user's home.
import { appName } from './names.js';
import type { Checker } from './route-common.js';
import { fixedPrefix, isTemplate, requestControlled, variablesIn } from './route-vars.js';

/** `D_app` or `D_app/target` for each entry the panel lists, whatever form it lists them in. */
export function offeredTargets(listed: readonly string[], domain: string): Set<string> {
  return new Set(
    listed.map((entry) => {
      const bare = entry.startsWith('applications/') ? entry.slice('applications/'.length) : entry;
      const underscore = bare.indexOf('_');
      // Domains have no "_": text before the first one that has a dot is a domain.
      const live = underscore > 0 && bare.slice(0, underscore).includes('.');
      return live ? bare : `${domain}_${bare}`;
    }),
  );
}

/** `pass`: only `applications/<domain>_<app>[/<target>]`, and online only one that exists. */
export function checkPass(c: Checker, value: string, path: string): void {
  const { domain } = c.scope;
  const shape = `applications/${domain}_<app>`;
  if (isTemplate(value)) {
    c.problem(
      path,
      `variables are not allowed here: the panel must see which application it names; use ${shape}`,
    );
    return;
  }
  // Unit splits at "/" and then %-decodes each part: applications/example.com%5Fshop is
  // example.com_shop.
  const segments = value.split('/').map(decodeSegment);
  const [kind = '', name = '', target] = segments;
  if (kind === 'routes' || kind === 'upstreams') {
    c.problem(path, `the panel allows only ${shape}, not ${kind}/...`);
    return;
  }
  if (
    kind !== 'applications' ||
    segments.length < 2 ||
    segments.length > 3 ||
    segments.some((s) => s === '' || s === undefined)
  ) {
    const shown = value === '' ? 'an empty string' : `"${value}"`;
    c.problem(path, `${shown} is not a valid target; use ${shape}`);
    return;
  }
  if (!name.startsWith(`${domain}_`)) {
    const underscore = name.indexOf('_');
    const other = underscore > 0 && name.slice(0, underscore).includes('.');
    c.problem(
      path,
      other
        ? `application "${name}" belongs to another domain; use ${shape}`
        : `application "${name}" is not named <domain>_<app>; use ${shape}`,
    );
    return;
  }
  const app = name.slice(domain.length + 1);
  const bad = appName(app);
  if (bad !== undefined) {
    c.problem(
      path,
      app === ''
        ? `the application name after "${domain}_" is missing; use ${shape}`
        : `"${app}" is not a valid application name: it ${bad}`,
    );
    return;
  }
  const listed = c.scope.applications;
  if (listed === undefined) return;
  const offered = offeredTargets(listed, domain);
  if (offered.has(target === undefined ? name : `${name}/${target}`)) return;
  c.problem(
    path,
    target !== undefined && offered.has(name)
      ? `application "${name}" has no target "${target}" the panel offers`
      : `application "${name}" does not exist on ${domain}${known(offered)}`,
  );
}

/** A %-encoded part of `pass`, decoded as Unit does; undefined when an escape is broken. */
function decodeSegment(part: string): string | undefined {
  if (/%(?![0-9A-Fa-f]{2})/.test(part)) return undefined;
  return part.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

const known = (offered: Set<string>): string =>
  offered.size === 0 ? ' (it has no applications)' : ` (it has: ${[...offered].join(', ')})`;

/** A `share` or `chroot` path: its fixed part must lie inside /home/<user>/, with no "..". */
export function homeProblem(path: string, user: string): string | undefined {
  const home = `/home/${user}/`;
  if (path.split('/').includes('..')) return `"${path}" must not contain ".." parts`;
  // The system reads "//" as "/" and "/./" as "/": /home//fred/x is inside /home/fred/.
  const fixed = fixedPrefix(path)
    .replace(/\/\.(?=\/|$)/g, '/')
    .replace(/\/{2,}/g, '/');
  if (fixed.startsWith(home)) return undefined;
  if (path === '')
    return `an empty path is not inside ${home}: the panel shares only files inside your home`;
  return fixed === ''
    ? `"${path}" must start with ${home}: the panel shares only files inside your home (variables may follow)`
    : `"${path}" is outside ${home}: the panel shares only files inside the home of ${user}`;
}

/**
 * A share path whose request-controlled variables could leave the home ($arg_f with
 * "../../etc/passwd"); undefined when none does, or when `chroot` (inside the home, itself fixed
 * by the server) confines what Unit serves.
 */
export function escapeProblem(path: string, user: string, chroot: unknown): string | undefined {
  const risky = variablesIn(path).filter(requestControlled);
  if (risky.length === 0) return undefined;
  const held =
    typeof chroot === 'string' &&
    homeProblem(chroot, user) === undefined &&
    !variablesIn(chroot).some(requestControlled);
  if (held) return undefined;
  const names = risky.map((n) => `$${n}`).join(', ');
  return `${names} in "${path}" comes from the request and could hold "../" to leave /home/${user}/; use $uri, or add a "chroot" inside /home/${user}/ that holds the shared files`;
}
