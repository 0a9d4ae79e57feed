// The sandbox's data directory in the panel's layout (src/doctor/layout.ts), for `unit doctor`
// and `unit sync` to read: each account's user.conf with the module switch and domains.list,
// its creator's package and reseller.conf, the panel config conf/directadmin.conf, and the task
// queue processor `dataskq`. A file already there is left alone, so tests may edit them.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { paths } from '../../doctor/layout.js';
import type { SandboxState } from '../state.js';
import { singleQuoted } from '../../text/shell.js';

/** Where the sandbox keeps the panel config (below its data dir) and its queue processor. */
const confPath = 'conf/directadmin.conf';
export const sandboxConf = (dataDir: string): string => join(dataDir, confPath);
const sandboxTaskq = (dataDir: string): string => join(dataDir, 'dataskq');
/** The processor asks the running sandbox to process the queue by creating this file. */
export const taskqTrigger = (dataDir: string): string => join(dataDir, 'dataskq.run');

export function writePanelFiles(state: SandboxState, dataDir: string): void {
  const put = (path: string, lines: string[]): void => {
    const full = join(dataDir, path);
    if (existsSync(full)) return;
    mkdirSync(dirname(full), { recursive: true, mode: 0o700 });
    writeFileSync(full, lines.map((l) => `${l}\n`).join(''), { mode: 0o600 });
  };
  for (const a of state.accounts) {
    put(paths.userConf(a.username), [
      `username=${a.username}`,
      `usertype=${a.role}`,
      `creator=${a.owner}`,
      `package=${a.package}`,
      `domain=${a.domains[0] ?? ''}`,
      'nginxUnit=ON',
    ]);
    put(paths.domainsList(a.username), a.domains);
    put(paths.packageFile(a.owner, a.package), ['appserver_unit=ON']);
    if (a.role !== 'user') put(paths.resellerConf(a.username), ['appserver_unit=ON']);
  }
  put(paths.resellerConf('admin'), ['appserver_unit=ON']);
  put(confPath, ['port=2222', 'unit_port_ssl=0']);
  const taskq = sandboxTaskq(dataDir);
  writeFileSync(taskq, processorScript(dataDir), { mode: 0o700 });
  chmodSync(taskq, 0o700);
}

// The real processor runs every queued task; this one hands the queue to the running sandbox
// (which rewrites Unit's configuration from the local copies) and waits until it is done.
function processorScript(dataDir: string): string {
  return [
    '#!/bin/sh',
    '# dactl sandbox: processes task.queue now, by asking the running sandbox to.',
    `trigger=${singleQuoted(taskqTrigger(dataDir))}`,
    ': > "$trigger" || exit 1',
    'i=0',
    'while [ -e "$trigger" ] && [ "$i" -lt 200 ]; do sleep 0.05; i=$((i + 1)); done',
    'if [ -e "$trigger" ]; then rm -f "$trigger"; echo "the sandbox is not running" >&2; exit 1; fi',
    '',
  ].join('\n');
}
