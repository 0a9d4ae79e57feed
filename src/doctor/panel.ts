// The panel's side of Unit, read from its data directory once: for each user in scope, its
// settings and, per domain, the local copies of applications and route sets (spec 2.6) and the
// web server's custom configuration.
import { join } from 'node:path';
import { NotFoundError } from '../errors.js';
import { parseJson, type JsonError } from '../json/parse.js';
import { parseConf } from './conf.js';
import { paths } from './layout.js';
import { checkDataDir, readDir, readText } from './read.js';

export interface Copy {
  /** The file, below the data directory. */
  path: string;
  /** The parsed JSON; undefined when the file is not JSON dactl reads. */
  value: unknown;
  /** Why not, then: "not valid JSON", or "not JSON dactl reads (nested ...)". */
  fault?: string;
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

export function readPanel(scope: Scope): UserFiles[] {
  const { dataDir } = scope;
  checkDataDir(dataDir, scope.flag);
  const file = (path: string): string | undefined => readText(join(dataDir, path));
  let users = scope.user !== undefined ? [scope.user] : undefined;
  users ??= readDir(join(dataDir, paths.users))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const out: UserFiles[] = [];
  for (const user of users) {
    const confText = file(paths.userConf(user));
    const entries = readDir(join(dataDir, paths.domains(user)));
    if (scope.user !== undefined && confText === undefined && entries.length === 0) {
      throw new NotFoundError(
        `The panel has no user ${user} (no ${paths.userConf(user)} in ${dataDir}).`,
      );
    }
    const listed = (file(paths.domainsList(user)) ?? '').split('\n').map((d) => d.trim());
    const names = new Set(listed.filter((d) => d !== ''));
    for (const e of entries) {
      const m = /^(.+)\.(unit|routes)$/.exec(e.name);
      if (m?.[1] !== undefined && e.isDirectory()) names.add(m[1]);
    }
    const files = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
    const domains = [...names]
      .filter((d) => scope.domain === undefined || d === scope.domain)
      .sort()
      .map((domain) => readDomain(dataDir, user, domain, files));
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
  dataDir: string,
  user: string,
  domain: string,
  files: Set<string>,
): DomainFiles {
  const copies = (dir: string, strip: string): Map<string, Copy> => {
    const found = new Map<string, Copy>();
    for (const e of readDir(join(dataDir, dir))) {
      if (!e.isFile() || !e.name.endsWith(strip)) continue;
      const path = `${dir}/${e.name}`;
      const parsed = parseJson(readText(join(dataDir, path)) ?? '');
      found.set(e.name.slice(0, e.name.length - strip.length), {
        path,
        value: parsed.ok ? parsed.value : undefined,
        fault: parsed.ok ? undefined : unreadable(parsed.error),
      });
    }
    return found;
  };
  const custom = new Map<string, string>();
  for (const path of paths.customConfigs(user, domain)) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const text = files.has(name) ? readText(join(dataDir, path)) : undefined;
    if (text !== undefined) custom.set(path, text);
  }
  return {
    domain,
    apps: copies(paths.appCopies(user, domain), '.json'),
    routes: copies(paths.routeCopies(user, domain), ''),
    custom,
  };
}

const unreadable = ({ tooDeep, message }: JsonError): string =>
  tooDeep ? `not JSON dactl reads (${message})` : 'not valid JSON';
