// A sandbox with Unit's control socket and the panel's data directory (unit doctor, unit sync),
// and a client for the socket so tests can make Unit drift from the panel's local copies.
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';

export interface UnitServer {
  sandbox: Sandbox;
  dir: string;
  dataDir: string;
  socket: string;
  conf: string;
  log: string;
  taskq: string;
  /** What `unit doctor` and `unit sync` need to find it all (no terminal, CI set). */
  env: Record<string, string>;
  /** One request to Unit's control API. */
  unit: (
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; body: unknown }>;
  /** Writes a file below the data directory (a local copy, a setting). */
  write: (path: string, text: string) => void;
  close: () => Promise<void>;
}

export async function unitServer(options: SandboxOptions = {}): Promise<UnitServer> {
  const dir = mkdtempSync(join(tmpdir(), 'dactl-unit-'));
  const dataDir = join(dir, 'data');
  const socket = join(dir, 'control.sock');
  const sandbox = await startSandbox({
    port: 0,
    dataDir,
    unitSocket: socket,
    taskInterval: 0,
    ...options,
  });
  const conf = join(dataDir, 'conf', 'directadmin.conf');
  const log = join(dir, 'unit.log');
  const taskq = join(dataDir, 'dataskq');
  // Private modes whatever the umask: the doctor refuses files others may write (path rule).
  writeFileSync(log, '', { mode: 0o600 });
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    DACTL_CONFIG_DIR: join(dir, 'config'),
    CI: 'true',
    DACTL_DA_DATA_DIR: dataDir,
    DACTL_UNIT_SOCKET: socket,
    DACTL_DA_CONF: conf,
    DACTL_UNIT_LOG: log,
    DACTL_DA_TASKQ: taskq,
  };
  const unit: UnitServer['unit'] = (method, path, body) =>
    new Promise((resolve, reject) => {
      const req = request({ socketPath: socket, method, path }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d: string) => (text += d));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
        });
      });
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(dataDir, path)), { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, path), text, { mode: 0o600 });
  };
  return {
    sandbox,
    dir,
    dataDir,
    socket,
    conf,
    log,
    taskq,
    env,
    unit,
    write,
    close: async () => {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
