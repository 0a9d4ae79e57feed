// The second half of the launcher (bin/dactl.js answers --version alone), built into
// dist/launch.cjs and into the single executable's main script (scripts/sea.mjs): runs
// dist/main.cjs and the chunks it requires, each compiled through node:vm with the code cache of
// code-cache.ts.
// The build (scripts/build.mjs) makes every chunk an ordinary CommonJS module, which requires its
// chunks by relative path and nothing else but Node's modules, and ends main.cjs with its build
// id. Under --debug Node loads them itself, as it loads any module: its stack traces then go
// through the chunks' source maps (bin/dactl.js turns them on), which node:vm's do not.
import type { Script } from 'node:vm';
import {
  buildDir,
  cacheNames,
  cacheRoot,
  fileName,
  guessFile,
  readCache,
  writeCache,
} from './code-cache.js';

const fs = process.getBuiltinModule('node:fs');
const path = process.getBuiltinModule('node:path');
const vm = process.getBuiltinModule('node:vm');

interface Module {
  exports: unknown;
}

interface Compiled {
  name: string;
  script: Script;
}

/** `//build:<id>` near the end of main.cjs: a hash of the whole bundle (scripts/build.mjs). */
export const buildIdOf = (source: string): string | undefined =>
  /\n\/\/build:([0-9a-f]{16})\n/.exec(source.slice(-80))?.[1];

export interface LaunchOptions {
  /**
   * --debug: no code cache, and stacks through the source maps, so Node loads the chunks itself
   * (not inside the single executable, whose chunks are no files).
   */
  debug?: boolean;
  env?: NodeJS.ProcessEnv;
  /** A file of the bundle by its path in dist/ (the single executable reads its own assets). */
  read?: (name: string) => string;
}

interface Main {
  run: (argv: string[]) => Promise<number>;
  commandRan: () => string | undefined;
}

// What node:vm compiles a chunk as: Node's own wrapper of a CommonJS module, on the file's first
// line (`'use strict';` alone), so that lines in stack traces are the file's.
const head = '(function (exports, require, module, __filename, __dirname) {';
const tail = '\n})';

/**
 * Loads the bundle in the directory `dist` with the code cache of this command line, and runs it.
 * @returns the exit code
 */
export function launch(
  argv: string[],
  dist: string,
  { debug = false, env = process.env, read }: LaunchOptions = {},
): Promise<number> {
  // Joined by hand: the names are the build's own (`chunks/x.cjs`, `./x.cjs`), and path's
  // normalising, run cold for every chunk, costs more than the rest of loading one.
  const fileOf = (name: string): string =>
    dist + path.sep + (path.sep === '/' ? name : name.replaceAll('/', path.sep));
  if (debug && read === undefined) {
    const main = fileOf('main.cjs');
    const { run } = process.getBuiltinModule('node:module').createRequire(main)(main) as Main;
    return run(argv);
  }
  const source = read ?? ((name: string) => fs.readFileSync(fileOf(name), 'utf8'));
  const mainSource = source('main.cjs');
  const build = debug ? undefined : buildIdOf(mainSource);
  const root = build === undefined ? undefined : cacheRoot(env);
  const dir = root === undefined || build === undefined ? undefined : buildDir(root, build);
  // The cache's directories, judged once for the run (src/trusted-dir.ts).
  const judged = { judged: new Map<string, boolean>() };
  const guess = dir === undefined ? undefined : guessFile(cacheNames(dir, judged), argv);
  const cached =
    dir === undefined || guess === undefined ? undefined : readCache(path.join(dir, guess), judged);
  const modules = new Map<string, Module>();
  const compiled: Compiled[] = [];
  // Whether the cache file misses any code this run compiled: written at exit if so.
  let stale = cached === undefined;

  /** A chunk's function through node:vm, with its code cache. */
  const compile = (name: string, source: string, filename: string): unknown => {
    const cachedData = cached?.get(name);
    const script = new vm.Script(head + source + tail, {
      filename,
      ...(cachedData ? { cachedData } : {}),
    });
    if (!cachedData || script.cachedDataRejected === true) stale = true;
    compiled.push({ name, script });
    return script.runInThisContext();
  };

  /** A chunk by its path in dist/, e.g. `chunks/chunk-AB12CD34.cjs`. */
  const load = (name: string, known?: string): unknown => {
    const loaded = modules.get(name);
    if (loaded) return loaded.exports;
    const module: Module = { exports: {} };
    modules.set(name, module);
    const filename = fileOf(name);
    const text = known ?? source(name);
    const base = name.slice(0, name.lastIndexOf('/') + 1);
    const require = (id: string): unknown => {
      if (id.startsWith('./') && !id.includes('/.')) return load(base + id.slice(2));
      if (id.startsWith('.')) return load(path.posix.join(base, id));
      const builtin = process.getBuiltinModule(id);
      if (builtin === undefined) throw new Error(`dactl: the bundle asked for ${id}`);
      return builtin;
    };
    const body = compile(name, text, filename) as (...args: unknown[]) => void;
    body(
      module.exports,
      require,
      module,
      filename,
      filename.slice(0, filename.lastIndexOf(path.sep)),
    );
    return module.exports;
  };

  const main = load('main.cjs', mainSource) as Main;
  if (dir !== undefined) {
    // At exit, however the command ends: the functions compiled by then are all in the cache,
    // filed under the command that ran (never under words of argv, which hold option values).
    process.once('exit', () => {
      const name = fileName(main.commandRan());
      if (name === undefined || (!stale && name === guess)) return;
      writeCache(
        path.join(dir, name),
        new Map(compiled.map((c) => [c.name, c.script.createCachedData()])),
        judged,
      );
    });
  }
  return main.run(argv);
}
