// How the sandbox lists accounts where panels differ or nobody knows (facts page, "Users"): whether
// CMD_API_SHOW_ALL_USERS lists users only (real panels, the default) or every account, the most
// rows a skin listing page holds whatever `ipp` asks, and whether those listings exist at all.
// Tests change `sandbox.listings` at run time; `dactl sandbox` users set DACTL_SANDBOX_ALL_USERS
// (users|every) and DACTL_SANDBOX_MAX_IPP. An option wins over the environment, as for the modes.
import { UsageError } from '../errors.js';
import type { Store } from './state.js';
import type { Listings } from './types.js';

/** Clients ask for 1000 rows a page; whether panels give more is not known. */
const defaults: Listings = { allUsers: 'users', maxIpp: 1000, pages: true };

const bound = new WeakMap<Store, Listings>();

export function listingsFrom(
  option: Partial<Listings> = {},
  env: NodeJS.ProcessEnv = process.env,
): Listings {
  const allUsers = option.allUsers ?? (env.DACTL_SANDBOX_ALL_USERS || defaults.allUsers);
  if (allUsers !== 'users' && allUsers !== 'every') {
    throw new UsageError(`DACTL_SANDBOX_ALL_USERS must be users or every (got "${allUsers}").`);
  }
  const ipp = option.maxIpp ?? Number(env.DACTL_SANDBOX_MAX_IPP || defaults.maxIpp);
  if (!Number.isInteger(ipp) || ipp < 1) {
    throw new UsageError('DACTL_SANDBOX_MAX_IPP must be a whole number of rows, 1 or more.');
  }
  return { allUsers, maxIpp: ipp, pages: option.pages ?? defaults.pages };
}

export function bindListings(store: Store, listings: Listings): void {
  bound.set(store, listings);
}

/** The listings the store's sandbox plays now (the defaults for a store of its own, in tests). */
export const listingsOf = (store: Store): Listings => bound.get(store) ?? defaults;
