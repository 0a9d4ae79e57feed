// The licences of the packages the bundle contains. Bundling copies their code into dist/ (and
// into the single executable), and their licences (MIT, ISC, Apache-2.0, MPL-2.0, ...) ask that
// their notices travel with it; esbuild's legalComments keep too little for that.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The package directories (e.g. node_modules/got) that the build's inputs come from.
 * @param {import('esbuild').Metafile} metafile
 * @returns {string[]}
 */
export function bundledPackages(metafile) {
  /** @type {Set<string>} */
  const dirs = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    // The last node_modules/ names the package, also when one is nested in another.
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match?.[1]) dirs.add(match[1]);
  }
  return [...dirs].sort();
}

/**
 * One text with each package's name, version, licence and its licence file.
 * @param {string} root
 * @param {string[]} dirs
 */
export function noticesText(root, dirs) {
  const parts = dirs.map((dir) => {
    /** @type {unknown} */
    const parsed = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    const pkg = /** @type {{ name: string, version: string, license?: string }} */ (parsed);
    const file = readdirSync(join(root, dir)).find((f) => /^(licen[cs]e|copying)([.-]|$)/i.test(f));
    if (!file) throw new Error(`${pkg.name} has no licence file to ship beside the bundle`);
    const text = readFileSync(join(root, dir, file), 'utf8').trim();
    return `${pkg.name}@${pkg.version} (${pkg.license ?? 'see below'})\n\n${text}\n`;
  });
  const head = 'dactl bundles the following packages. Their licences follow.\n';
  return [head, ...parts].join(`\n${'-'.repeat(72)}\n\n`);
}

/**
 * Writes the notices of a build's packages to `file`.
 * @param {string} root
 * @param {import('esbuild').Metafile} metafile
 * @param {string} file
 */
export function writeNotices(root, metafile, file) {
  writeFileSync(file, noticesText(root, bundledPackages(metafile)));
}
