// Small helpers shared by the sandbox tests.

import assert from 'node:assert/strict';
import type { Sandbox } from '../../src/sandbox/index.js';

/** The value, or a failed assertion naming what was missing (instead of a `!`). */
export function present<T>(value: T | null | undefined, what: string): T {
  assert.ok(value !== undefined && value !== null, `missing ${what}`);
  return value;
}

/**
 * Basic credentials for a username or an impersonation chain: by default the password of the
 * chain's first name, which is the one the panel checks.
 */
export function credentials(
  sb: Sandbox,
  chain: string,
  password?: string,
): readonly [string, string] {
  const first = chain.split('|')[0] ?? chain;
  const account = present(
    sb.accounts.find((a) => a.username === first),
    `sandbox account ${first}`,
  );
  return [chain, password ?? account.password];
}
