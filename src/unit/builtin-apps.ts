// The built-in application templates, one per language the panel's module offers. They run the
// application as its owner, from the directory it was uploaded to (spec 2.4):
//   /home/<user>/domains/<domain>/<dir>/<entry>
import type { Template } from './templates.js';

/** What an application template may use, and how each is filled. */
interface AppPlaceholders {
  /** The application's name. */
  name: string;
  /** The acting user; ${home} is /home/<user>. */
  user: string;
  domain: string;
  /** The application directory, relative to /home/<user>/domains/<domain>/. */
  dir: string;
  /** The entry script, relative to the application directory. */
  entry: string;
}

export function appVars(p: AppPlaceholders): Record<string, string> {
  return {
    name: p.name,
    user: p.user,
    domain: p.domain,
    home: `/home/${p.user}`,
    dir: p.dir.replace(/\/+$/, ''),
    entry: p.entry,
    // A Python module name: app/wsgi.py → app.wsgi.
    module: p.entry.replace(/\.py$/, '').replace(/\//g, '.'),
  };
}

export const placeholderHelp = [
  '${name}    the application name',
  '${user}    the acting user; ${home} is /home/<user>',
  '${domain}  the domain',
  '${dir}     the application directory, relative to /home/<user>/domains/<domain>/',
  '${entry}   the entry script, relative to that directory',
  '${module}  the entry as a Python module name (app/wsgi.py → app.wsgi)',
  '$${x}      a literal ${x}',
];

const appDir = '${home}/domains/${domain}/${dir}';

export const builtinApps: Readonly<Record<string, Template>> = {
  nodejs: {
    description: 'Node.js: runs the entry script (executable, with a #!/usr/bin/env node line)',
    entry: 'app.js',
    body: {
      type: 'external',
      working_directory: appDir,
      executable: `${appDir}/\${entry}`,
      user: '${user}',
      processes: { max: 4, spare: 1, idle_timeout: 20 },
      limits: { timeout: 30, requests: 10000 },
      environment: { NODE_ENV: 'production' },
    },
  },
  python: {
    description: 'Python WSGI: the module of the entry script, callable "application"',
    entry: 'wsgi.py',
    body: {
      type: 'python',
      path: appDir,
      module: '${module}',
      callable: 'application',
      user: '${user}',
      processes: { max: 4, spare: 1, idle_timeout: 20 },
      limits: { timeout: 30, requests: 10000 },
    },
  },
  ruby: {
    description: 'Ruby Rack: the rackup script',
    entry: 'config.ru',
    body: {
      type: 'ruby',
      working_directory: appDir,
      script: `${appDir}/\${entry}`,
      user: '${user}',
      processes: 2,
      limits: { timeout: 30, requests: 10000 },
    },
  },
  java: {
    description: 'Java: a web application archive (.war) or unpacked directory',
    entry: 'app.war',
    body: {
      type: 'java',
      working_directory: appDir,
      webapp: `${appDir}/\${entry}`,
      user: '${user}',
      processes: { max: 2, spare: 1, idle_timeout: 60 },
      limits: { timeout: 60, requests: 10000 },
    },
  },
  php: {
    description: 'PHP: every request runs the entry script, from the application directory',
    entry: 'index.php',
    body: {
      type: 'php',
      root: appDir,
      script: '${entry}',
      user: '${user}',
      processes: { max: 8, spare: 2, idle_timeout: 20 },
      limits: { timeout: 30, requests: 10000 },
    },
  },
  perl: {
    description: 'Perl PSGI: the PSGI script',
    entry: 'app.psgi',
    body: {
      type: 'perl',
      working_directory: appDir,
      script: `${appDir}/\${entry}`,
      user: '${user}',
      processes: 2,
      limits: { timeout: 30, requests: 10000 },
    },
  },
};
