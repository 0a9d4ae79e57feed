// The build's stand-ins for Node's modules loaded on first use (scripts/builtins.mjs): what an
// export is, class, function or object, is judged by its value, getters included, so that a
// class Node defines as a getter (async_hooks' AsyncLocalStorage on Node 24) can still be
// constructed through its stand-in.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { esModule } from '../../scripts/builtins.mjs';

const made = (name: string): string => esModule(name);

describe('stand-ins for the modules loaded on use', () => {
  it('makes a constructible stand-in for every class, a getter or not', () => {
    const text = made('async_hooks');
    assert.match(text, /export const AsyncLocalStorage = \/\* @__PURE__ \*\/ fnOnUse\(/);
    assert.match(text, /export const AsyncResource = \/\* @__PURE__ \*\/ fnOnUse\(/);
  });

  it('keeps objects as proxies that load the module at the first read', () => {
    assert.match(made('dns'), /export const promises = \/\* @__PURE__ \*\/ onUse\(/);
  });
});
