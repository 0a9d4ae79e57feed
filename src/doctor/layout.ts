// Where the panel keeps what `unit doctor` and `unit sync` read and write, in one place. Spec
// 2.6 documents the local copies, the control socket, the log, the task line and the setting
// names; the rest is the panel's usual layout, NOT documented for the Unit module, and kept here
// so it is changed once if a real panel differs:
//   - users/<user>/user.conf (key=value: creator, package, the module switch), the user's package
//     in users/<creator>/packages/<package>.pkg, the creator's users/<creator>/reseller.conf;
//   - the module switch is documented as `appserver_unit`, and as `nginxUnit` in user config;
//     both names are looked for in each file, and the doctor says which one it found, or that
//     it found neither (it never assumes a default);
//   - a live route is named like its set (`<domain>` or `<sub>.<domain>`): the doctor reports
//     live routes with other names as unmatched instead of guessing whose they are;
//   - the web server's custom configuration of a domain: users/<u>/domains/<d>.cust_nginx or
//     .cust_httpd; its error log /var/log/{nginx,httpd}/domains/<d>.error.log.
import { join } from 'node:path';

export const defaults = {
  dataDir: '/usr/local/directadmin/data',
  socket: '/var/run/unit/control.sock',
  conf: '/usr/local/directadmin/conf/directadmin.conf',
  log: '/var/log/unit/unit.log',
  taskq: '/usr/local/directadmin/dataskq',
};

/** Environment variables for each default (documented in `dactl help environment`). */
export const envNames = {
  dataDir: 'DACTL_DA_DATA_DIR',
  socket: 'DACTL_UNIT_SOCKET',
  conf: 'DACTL_DA_CONF',
  log: 'DACTL_UNIT_LOG',
  taskq: 'DACTL_DA_TASKQ',
} as const;

/** The setting names of the module switch, in the order they are looked for. */
export const moduleSettings = ['appserver_unit', 'nginxUnit'] as const;

export const portSetting = 'unit_port_ssl';

/** The task line that asks the panel to rewrite Unit's configuration (spec 2.6). */
export const rewriteTask = 'action=rewrite&value=appserver_unit';

export const taskQueue = (dataDir: string): string => join(dataDir, 'task.queue');

export const paths = {
  users: 'users',
  userConf: (user: string) => `users/${user}/user.conf`,
  domainsList: (user: string) => `users/${user}/domains.list`,
  domains: (user: string) => `users/${user}/domains`,
  resellerConf: (creator: string) => `users/${creator}/reseller.conf`,
  packageFile: (creator: string, pkg: string) => `users/${creator}/packages/${pkg}.pkg`,
  appCopies: (user: string, domain: string) => `users/${user}/domains/${domain}.unit`,
  routeCopies: (user: string, domain: string) => `users/${user}/domains/${domain}.routes`,
  customConfigs: (user: string, domain: string) => [
    `users/${user}/domains/${domain}.cust_nginx`,
    `users/${user}/domains/${domain}.cust_httpd`,
  ],
};

/** The live name of an application (facts: `<domain>_<appname>`). */
export const liveApp = (domain: string, app: string): string => `${domain}_${app}`;

/** The live name of a route set's route (assumed, see above). */
export const liveRoute = (set: string): string => set;

export const errorLogs = (domain: string): string[] => [
  `/var/log/nginx/domains/${domain}.error.log`,
  `/var/log/httpd/domains/${domain}.error.log`,
];
