// The panel's side of Unit, read from its data directory once: for each user in scope, its
// settings and, per domain, the local copies of applications and route sets (spec 2.6) and the
// web server's custom configuration.
import { join } from 'node:path';
import { NotFoundError } from '../errors.js';
import { parseJson } from '../json/parse.js';
import { parseConf } from './conf.js';
import { paths } from './layout.js';
import { caps, type PanelFiles } from './read.js';

export interface Copy {
  /** The file, below the data directory. */
  path: string;
  /** The parsed JSON; undefined when the copy could not be read (see `problem`). */
  value: unknown;
  /** Why the copy could not be read: not a file, too large, not JSON, nested too deep. */
  problem?: string;
}
export interface DomainFiles {
  domain: string;
  apps: Map<string, Copy>;
  /** By set name: `<domain>` or `<sub>.<domain>`. */
  routes: Map<string, Copy>;
  /** The custom web server configurations there are, by path. */
  custom: Map<string, string>;
}

export interface UserFiles {
  user: string;
  conf: Map<string, string> | undefined;
  domains: DomainFiles[];
}

export interface Scope {
  dataDir: string;
  /** The flag that names the data directory, for hints. */
  flag: string;
  user?: string;
  domain?: string;
}

export function readPanel(files: PanelFiles, scope: Scope): UserFiles[] {
  const { dataDir } = scope;
  let users = scope.user !== undefined ? [scope.user] : undefined;
  users ??= files
    .list(paths.users)
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const out: UserFiles[] = [];
  for (const user of users) {
    const confText = files.data(paths.userConf(user), caps.conf);
    const entries = files.list(paths.domains(user));
    const noUser =
      confText === undefined && !files.unread.has(paths.userConf(user)) && entries.length === 0;
    if (scope.user !== undefined && noUser) {
      throw new NotFoundError(
        `The panel has no user ${user} (no ${paths.userConf(user)} in ${dataDir}).`,
      );
    }
    const listed = (files.data(paths.domainsList(user), caps.list) ?? '')
      .split('\n')
      .map((d) => d.trim());
    const names = new Set(listed.filter((d) => d !== ''));
    for (const e of entries) {
      const m = /^(.+)\.(unit|routes)$/.exec(e.name);
      if (m?.[1] !== undefined && e.isDirectory()) names.add(m[1]);
    }
    const present = new Set(entries.map((e) => e.name));
    const domains = [...names]
      .filter((d) => scope.domain === undefined || d === scope.domain)
      .sort()
      .map((domain) => readDomain(files, user, domain, present));
    out.push({ user, conf: confText === undefined ? undefined : parseConf(confText), domains });
  }
  if (scope.domain !== undefined && !out.some((u) => u.domains.length > 0)) {
    throw new NotFoundError(
      `No user ${scope.user === undefined ? 'of the panel' : scope.user} has the domain ${scope.domain}.`,
      'Check the spelling, or leave out --domain to see every domain.',
    );
  }
  return out;
}

function readDomain(
  files: PanelFiles,
  user: string,
  domain: string,
  present: Set<string>,
): DomainFiles {
  const copies = (dir: string, strip: string): Map<string, Copy> => {
    const found = new Map<string, Copy>();
    for (const e of files.list(dir)) {
      if (!e.name.endsWith(strip)) continue;
      const path = `${dir}/${e.name}`;
      found.set(e.name.slice(0, e.name.length - strip.length), readCopy(files, path));
    }
    return found;
  };
  const custom = new Map<string, string>();
  for (const path of paths.customConfigs(user, domain)) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const text = present.has(name) ? files.data(path, caps.conf) : undefined;
    if (text !== undefined) custom.set(path, text);
  }
  return {
    domain,
    apps: copies(paths.appCopies(user, domain), '.json'),
    routes: copies(paths.routeCopies(user, domain), ''),
    custom,
  };
}

/**
 * A local copy, parsed; or why it could not be: its finding names the path. The depth-limited
 * reader makes a deeply nested copy a finding, not a crash of the recursive checks after it.
 */
function readCopy(files: PanelFiles, path: string): Copy {
  const loaded = files.load(join(files.dir, path), caps.copy);
  if (loaded === undefined) return { path, value: undefined, problem: 'is missing' };
  if ('why' in loaded) return { path, value: undefined, problem: loaded.why };
  const parsed = parseJson(loaded.text);
  if (parsed.ok) return { path, value: parsed.value };
  const { tooDeep, message } = parsed.error;
  return {
    path,
    value: undefined,
    problem: tooDeep ? `is not JSON dactl reads (${message})` : `is not valid JSON (${message})`,
  };
}
