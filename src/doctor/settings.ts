// The settings that switch the module on (spec 2.6): `appserver_unit` ON in the user's package,
// its creator's reseller configuration and the user's own (`nginxUnit`), each finding naming the
// file it was read from; and unit_port_ssl in the panel config, whose listener must be live.
import { parseConf } from './conf.js';
import { ok, type Finding } from './findings.js';
import { moduleSettings, paths, portSetting } from './layout.js';
import type { UserFiles } from './panel.js';
import { caps, type PanelFiles } from './read.js';
import type { LiveConfig } from './socket.js';

const names = moduleSettings.join(' nor ');

export function moduleFindings(files: PanelFiles, users: readonly UserFiles[]): Finding[] {
  const cache = new Map<string, Map<string, string> | undefined>();
  const conf = (path: string): Map<string, string> | undefined => {
    if (!cache.has(path)) {
      const text = files.data(path, caps.conf);
      cache.set(path, text === undefined ? undefined : parseConf(text));
    }
    return cache.get(path);
  };
  const out: Finding[] = [];
  for (const { user, conf: userConf } of users) {
    const creator = userConf?.get('creator');
    const pkg = userConf?.get('package');
    const levels: [string, string, Map<string, string> | undefined][] = [
      ['user', paths.userConf(user), userConf],
    ];
    if (creator !== undefined && pkg !== undefined) {
      levels.push([
        `package ${pkg}`,
        paths.packageFile(creator, pkg),
        conf(paths.packageFile(creator, pkg)),
      ]);
    }
    if (creator !== undefined) {
      levels.push([
        `reseller ${creator}`,
        paths.resellerConf(creator),
        conf(paths.resellerConf(creator)),
      ]);
    }
    for (const [item, path, values] of levels) {
      out.push(level(user, item, path, values, files.absence(path)));
    }
    if (creator === undefined || pkg === undefined) {
      out.push({
        check: 'layout',
        user,
        domain: '',
        item: 'user',
        status: 'warn',
        detail: `${paths.userConf(user)} names no creator and package, so the package and reseller settings could not be found.`,
        fix: 'Check the account in the panel (Admin → Show All Users).',
      });
    }
  }
  return out;
}

function level(
  user: string,
  item: string,
  path: string,
  values: Map<string, string> | undefined,
  absence: string,
): Finding {
  const base = { check: 'module' as const, user, domain: '', item };
  if (values === undefined) {
    return {
      ...base,
      status: 'warn',
      detail: `${path} ${absence}.`,
      fix: `Check the ${item} in the panel.`,
    };
  }
  const name = moduleSettings.find((n) => values.has(n));
  if (name === undefined) {
    return {
      ...base,
      status: 'warn',
      detail: `${path} has neither ${names}: could not tell whether the module is on.`,
      fix: `Turn the Nginx Unit module on for the ${item} in the panel.`,
    };
  }
  const value = values.get(name) ?? '';
  if (value === 'ON') return ok({ ...base, detail: `${name}=ON in ${path}` });
  return {
    ...base,
    status: 'fail',
    detail: `${name}=${value} in ${path}: the module is off for this user.`,
    fix: `Turn the Nginx Unit module on for the ${item} in the panel (${name}=ON).`,
  };
}

/** unit_port_ssl: 0 or unset is off; a port needs a certificate listener in Unit. */
export function portFinding(files: PanelFiles, confPath: string, live: LiveConfig): Finding {
  const base = { check: 'port' as const, user: '', domain: '', item: portSetting };
  const text = files.text(confPath, caps.conf);
  if (text === undefined) {
    return {
      ...base,
      status: 'warn',
      detail: `The panel config ${confPath} ${files.absence(confPath)}.`,
      fix: 'Give it with --conf or DACTL_DA_CONF.',
    };
  }
  const value = parseConf(text).get(portSetting);
  if (value === undefined || value === '0') {
    return ok({
      ...base,
      detail: `${value === undefined ? 'not set' : '0'} in ${confPath}: no certificate listener (the default).`,
    });
  }
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    return {
      ...base,
      status: 'fail',
      detail: `${portSetting}=${value} in ${confPath} is not a port.`,
      fix: `Set ${portSetting} to 0 or a port number.`,
    };
  }
  const listener = Object.entries(live.listeners).find(([address]) =>
    address.endsWith(`:${value}`),
  );
  const tls =
    listener !== undefined &&
    typeof listener[1] === 'object' &&
    listener[1] !== null &&
    'tls' in listener[1];
  if (tls)
    return ok({
      ...base,
      detail: `${portSetting}=${value} in ${confPath}; Unit listens on ${listener[0]} with a certificate.`,
    });
  return {
    ...base,
    status: 'fail',
    detail: `${portSetting}=${value} in ${confPath}, but Unit has no certificate listener on port ${value}.`,
    fix: 'dactl unit sync (asks the panel to rewrite Unit’s configuration)',
  };
}
