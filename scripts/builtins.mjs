// How the bundle gets Node's own modules: every `import` of one (`node:fs`, or `fs`) resolves to a
// small module made here, so source code imports built-ins the ordinary way, named or whole:
//   import { readFileSync } from 'node:fs';   import * as hooks from 'node:async_hooks';
// - Most are read once, when their chunk loads, with process.getBuiltinModule: a named import is
//   the module's property at that time (so `import { stdout } from 'node:process'` builds the
//   stream then: import the whole module for such getters), with no ES module interop around it.
// - The modules of `loadedOnUse` are loaded at their first use instead: a request to an http://
//   panel with an uncompressed reply needs none of them, and on Node 24 loading them costs about
//   25 ms. Their functions and classes are stand-ins that load the module when called,
//   constructed or read; their objects, proxies that load it at the first property read; their
//   other values (numbers, strings) cannot wait, so importing one by name fails the build (read
//   it from the whole module instead). A CommonJS require() of one gets the module as a proxy.
// The start-up test (test/package/startup.test.ts) checks that a request and --help load none of
// https, tls, zlib, child_process, crypto and async_hooks.
import { builtinModules } from 'node:module';

const loadedOnUse = new Set([
  'https',
  'tls',
  'zlib',
  'http2',
  'dns',
  'child_process',
  'crypto',
  'async_hooks',
]);

const identifier = /^[A-Za-z_$][\w$]*$/;
// Names that a module may have but an `export const` may not.
const reserved = new Set(['default', 'delete', 'import', 'export', 'new', 'class', 'function']);

/** @param {string} name a module's name without `node:` */
const builtin = (name) =>
  /** @type {Record<string, unknown> | undefined} */ (process.getBuiltinModule(`node:${name}`));

// The stand-ins for the modules loaded on use. Proxies, not wrappers, so that what is read from a
// stand-in (util.promisify.custom on execFile, a class's static methods, `instanceof`) comes from
// the real one.
const onUse = `(get) => {
  let value;
  const real = () => (value ??= get());
  return new Proxy({}, { get: (_, key) => real()[key], has: (_, key) => key in real() });
}`;
const fnOnUse = `(get) => {
  const stand = new Proxy(function () {}, {
    apply: (_, self, args) => Reflect.apply(get(), self, args),
    construct: (_, args, target) => Reflect.construct(get(), args, target === stand ? get() : target),
    get: (_, key) => get()[key],
    has: (_, key) => key in get(),
  });
  return stand;
}`;

/**
 * The module an import of `name` resolves to.
 * @param {string} name
 */
export function esModule(name) {
  const module = builtin(name) ?? {};
  const lazy = loadedOnUse.has(name);
  const id = JSON.stringify(`node:${name}`);
  const lines = [`const load = () => process.getBuiltinModule(${id});`];
  if (lazy) lines.push(`const onUse = ${onUse};`, `const fnOnUse = ${fnOnUse};`);
  else lines.push('const mod = load();', 'const pick = (key) => mod[key];');
  lines.push(`export default ${lazy ? '/* @__PURE__ */ onUse(load)' : 'mod'};`);
  for (const key of Object.keys(module)) {
    if (!identifier.test(key) || reserved.has(key)) continue;
    // A getter's value decides too: Node 24 defines async_hooks' AsyncLocalStorage as one, a
    // class to construct. (Read at build time; these modules' getters have no side effects.)
    const type = typeof module[key];
    const read = `() => load()[${JSON.stringify(key)}]`;
    let made;
    if (!lazy) made = `pick(${JSON.stringify(key)})`;
    else if (type === 'function') made = `fnOnUse(${read})`;
    else if (type === 'object' && module[key] !== null) made = `onUse(${read})`;
    else continue;
    // Pure: esbuild leaves out every name no one imports.
    lines.push(`export const ${key} = /* @__PURE__ */ ${made};`);
  }
  return lines.join('\n');
}

/** Importers by number, so that each has its own copy of the modules it imports. */
const importers = new Map();

/** @type {import('esbuild').Plugin} */
export const nodeBuiltins = {
  name: 'node-builtins',
  setup(b) {
    b.onResolve({ filter: /^(node:)?[a-z_0-9/]+$/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      // `node:`-only modules (node:sea, node:test) are left to esbuild.
      if (!builtinModules.includes(name)) return undefined;
      // A CommonJS package's require() stays one, but for the modules loaded on use.
      const kind = args.kind === 'require-call' ? 'require' : 'import';
      if (kind === 'require' && !loadedOnUse.has(name)) return undefined;
      // One copy for each importer, which esbuild puts in the importer's chunk: a module shared
      // by chunks would be a chunk of its own, one more file to load.
      if (!importers.has(args.importer)) importers.set(args.importer, importers.size);
      return {
        path: `${kind}:${name}:${importers.get(args.importer)}`,
        namespace: 'node-builtin',
        // A module none of whose names is used is left out.
        sideEffects: false,
      };
    });
    b.onLoad({ filter: /.*/, namespace: 'node-builtin' }, ({ path }) => {
      const [kind = '', name = ''] = path.split(':');
      if (kind === 'import') return { contents: esModule(name), loader: 'js' };
      const id = JSON.stringify(`node:${name}`);
      return { contents: `module.exports = (${onUse})(() => process.getBuiltinModule(${id}));` };
    });
  },
};
