// Text patches of the packages the build bundles: work they do at load time that a run seldom
// needs, moved to first use. One file per package, each with the versions its text was checked
// against and the upstream issue that would make it unneeded. The build fails when a package's
// version is outside its patch's range, when a text to replace is missing, or when a patched file
// was not bundled at all: an update must be looked at, never quietly undo a patch.
// A patch stays only while its gain on start-up can be measured (paired runs of a request and
// of --help, with and without it); one that no longer measures is deleted.
import { readFileSync } from 'node:fs';
import { sep } from 'node:path';
import decompressResponse from './decompress-response.mjs';
import got from './got.mjs';
import is from './sindresorhus-is.mjs';

/**
 * @typedef {object} Patch
 * @property {string} package its name on npm
 * @property {[string, string]} versions the versions it fits: from the first, below the second
 * @property {string} file the patched file, in the package
 * @property {[string, string][]} replace each text and what replaces it (every occurrence)
 */

/** @type {Patch[]} */
const patches = [decompressResponse, got, is];

/** @param {string} version `1.2.3` */
const parts = (version) => version.split('-')[0]?.split('.').map(Number) ?? [];
/** @type {(a: string, b: string) => number} */
const compare = (a, b) => {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};

/**
 * @param {Patch} patch
 * @param {string} path the file as esbuild loads it
 */
function apply(patch, path) {
  const root = path.slice(0, path.length - patch.file.length);
  /** @type {unknown} */
  const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  const version = String(/** @type {{ version?: unknown }} */ (manifest).version);
  const [from, below] = patch.versions;
  if (compare(version, from) < 0 || compare(version, below) >= 0) {
    throw new Error(
      `${patch.package} ${version} is outside its patch's range (>=${from} <${below}): ` +
        `check scripts/patches/ against the new version`,
    );
  }
  let contents = readFileSync(path, 'utf8');
  for (const [text, replacement] of patch.replace) {
    if (!contents.includes(text)) {
      throw new Error(`${patch.package} ${version}: ${patch.file} no longer has "${text}"`);
    }
    contents = contents.replaceAll(text, replacement);
  }
  return contents;
}

/** @param {string} text */
const literal = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replaceAll('\\/', '[\\\\/]');

/**
 * The plugin that applies them.
 * @param {{ all?: boolean }} options all: fail the build when a patched file was not bundled
 * @returns {import('esbuild').Plugin}
 */
export function dependencyPatches({ all = false } = {}) {
  return {
    name: 'dependency-patches',
    setup(b) {
      /** @type {Set<Patch>} */
      const applied = new Set();
      b.onStart(() => {
        applied.clear();
      });
      for (const patch of patches) {
        const where = `${sep}node_modules${sep}${patch.package}${sep}${patch.file}`.replaceAll(
          sep,
          '/',
        );
        b.onLoad({ filter: new RegExp(`${literal(where)}$`) }, (args) => {
          applied.add(patch);
          return { contents: apply(patch, args.path), loader: 'js' };
        });
      }
      if (!all) return;
      b.onEnd((result) => {
        const missing = patches.filter((p) => !applied.has(p)).map((p) => p.package);
        if (missing.length && !result.errors.length) {
          throw new Error(`patched files not in the bundle: ${missing.join(', ')}`);
        }
      });
    },
  };
}
