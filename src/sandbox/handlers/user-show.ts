// The skin's account lists with json=yes (facts page, "Users"): CMD_ALL_USER_SHOW (admin: every
// account) and CMD_USER_SHOW (reseller: the users it created; an admin: its own). One object per
// page: numbered members "0", "1", ... are rows, `info` is the paging. `ipp` rows a page (50 when
// absent), capped at the listings' maxIpp; a page past the end is the last page again, so a
// client must stop when a page brings no new name. The [open] points are picked like this: in the
// admin list `username` is `{"value": name}` and rows name their `creator`; in the reseller list
// `username` is the name itself and there is no `creator` (the Go SDK reads it so). Without
// json=yes the panel shows the skin's HTML page.

import { listingsOf } from '../listings.js';
import { data, unknownCommand } from '../reply.js';
import type { Handler } from '../route.js';
import type { AccountRecord, Store } from '../state.js';

const DEFAULT_IPP = 50;
/** 2024-01-01 00:00:00 UTC in seconds, as the panel's `date_created` (the user config's date). */
const CREATED = '1704067200';

export const allUserShow: Handler = ({ request, store }) => {
  if (!listingsOf(store).pages) return unknownCommand();
  const rows = store.state.accounts.map((a) => ({
    username: { value: a.username },
    creator: a.owner,
    ...details(a, store),
  }));
  return data(paged(rows, request.params, store), 'All Users');
};

export const userShow: Handler = ({ account, request, store }) => {
  if (!listingsOf(store).pages) return unknownCommand();
  const rows = store.state.accounts
    .filter((a) => a.role === 'user' && a.owner === account.username)
    .map((a) => ({ username: a.username, ...details(a, store) }));
  return data(paged(rows, request.params, store), 'Users');
};

function details(a: AccountRecord, store: Store): Record<string, unknown> {
  const used = a.databases.reduce((sum, d) => sum + d.sizeBytes, 0);
  const unlimited = (usage: number) => ({ usage: String(usage), limit: 'unlimited' });
  return {
    package: a.package,
    suspended: { value: a.suspended === true ? 'yes' : 'no', reason: '' },
    // Keyed by domain; what each holds is not known, and clients read the keys only.
    domains: Object.fromEntries(a.domains.map((d) => [d, []])),
    ip: [a.ip ?? (store.state.ips ?? ['127.0.0.1'])[0] ?? ''],
    bandwidth: unlimited(0),
    quota: unlimited(Math.round(used / (1024 * 1024))),
    vdomains: unlimited(a.domains.length),
    date_created: CREATED,
  };
}

function paged(rows: unknown[], params: Record<string, string>, store: Store) {
  const ipp = Math.min(wholeNumber(params.ipp) ?? DEFAULT_IPP, listingsOf(store).maxIpp);
  const pages = Math.max(1, Math.ceil(rows.length / ipp));
  const page = Math.min(wholeNumber(params.page) ?? 1, pages);
  const body: Record<string, unknown> = {};
  rows.slice((page - 1) * ipp, page * ipp).forEach((row, i) => (body[String(i)] = row));
  body.info = { current_page: page, ipp, total_pages: pages, rows: rows.length };
  return body;
}

/** A positive whole number, else undefined (the panel's default applies). */
function wholeNumber(text: string | undefined): number | undefined {
  const n = /^\d{1,9}$/.test(text ?? '') ? Number(text) : 0;
  return n >= 1 ? n : undefined;
}
