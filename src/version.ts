// What `dactl version` and --version tell: enough for a bug report. bin/dactl.js and the single
// executable print the same line without loading the bundle.
import pkg from '../package.json' with { type: 'json' };

interface Versions {
  version: string;
  node: string;
  platform: string;
  arch: string;
}

export const versions = (): Versions => ({
  version: pkg.version,
  node: process.versions.node,
  platform: process.platform,
  arch: process.arch,
});

/** `dactl 0.1.0 (node v20.19.0, linux-x64)` */
export const versionLine = (v: Versions = versions()): string =>
  `dactl ${v.version} (node v${v.node}, ${v.platform}-${v.arch})`;
