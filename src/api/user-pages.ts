// Account details a page at a time, from the skin's own lists with json=yes (facts page, "Users"):
// CMD_ALL_USER_SHOW for an admin, CMD_USER_SHOW for a reseller. What the facts page leaves open
// is not relied on: the paging members are ignored (numbered members are the rows), a short page
// is not taken as the end (a panel may cap `ipp`), and paging stops once every wanted account
// was seen, when a page brings no new one (a page past the end may repeat the last), or after
// MAX_PAGES. A row that lacks a field is left out, for the caller to fill another way.
import { PanelError } from '../errors.js';
import type { Client } from '../http/transport.js';
import { isRecord } from '../json/record.js';
import { cannotSee } from './shape.js';
import type { AccountDetails } from './users.js';

type RowDetails = Omit<AccountDetails, 'type'>;

/** The rows a page asks for: as many as clients ask; a panel may give fewer. */
const PAGE_ROWS = 1000;
/** Pages enough for 200,000 accounts at 1000 a page; what is left is filled another way. */
const MAX_PAGES = 200;

export interface PagedDetails {
  /** The wanted accounts whose rows had every field. */
  found: Map<string, RowDetails>;
  /** Why the pages stopped short: the listing's refusal (a 403, a 404, a reply not understood). */
  refused?: { command: string; error: Error };
}

/**
 * Details of the `wanted` accounts from the listing for `level`. `self` is the acting account:
 * a reseller's list shows only the users it created, so their creator is `self` when rows do not
 * say. A refusal ends the paging with what was found so far; a network failure is thrown.
 */
export async function readUserPages(
  client: Client,
  level: 'admin' | 'reseller',
  wanted: ReadonlySet<string>,
  self: string,
): Promise<PagedDetails> {
  const command = level === 'admin' ? 'CMD_ALL_USER_SHOW' : 'CMD_USER_SHOW';
  const found = new Map<string, RowDetails>();
  const seen = new Set<string>();
  for (let page = 1; page <= MAX_PAGES && seen.size < wanted.size; page++) {
    let reply: unknown;
    try {
      reply = await client.send({
        method: 'GET',
        path: `/${command}`,
        query: { json: 'yes', ipp: String(PAGE_ROWS), page: String(page) },
      });
    } catch (error) {
      if (cannotSee(error) || error instanceof PanelError) {
        return { found, refused: { command, error: error as Error } };
      }
      throw error;
    }
    let fresh = 0;
    for (const row of rowsOf(reply)) {
      const name = text(row.username);
      if (name === undefined || !wanted.has(name) || seen.has(name)) continue;
      seen.add(name);
      fresh += 1;
      const details = readRow(row, name, level === 'reseller' ? self : undefined);
      if (details !== undefined) found.set(name, details);
    }
    if (fresh === 0) break;
  }
  return { found };
}

/** The numbered members of a page ("0", "1", ...); an array of rows is taken too. */
function rowsOf(reply: unknown): Record<string, unknown>[] {
  const values = Array.isArray(reply)
    ? reply
    : isRecord(reply)
      ? Object.entries(reply)
          .filter(([key]) => /^\d+$/.test(key))
          .map(([, value]) => value)
      : [];
  return values.filter(isRecord);
}

/** A row's details; undefined when a field is missing or not understood. */
export function readRow(
  row: Record<string, unknown>,
  username: string,
  creatorIfAbsent?: string,
): RowDetails | undefined {
  const creator = text(row.creator) ?? (row.creator === undefined ? creatorIfAbsent : undefined);
  const pkg = text(row.package);
  const suspended = yesNo(row.suspended);
  const domains = domainsOf(row.domains);
  if (creator === undefined || pkg === undefined || suspended === undefined) return undefined;
  if (domains === undefined) return undefined;
  return { username, creator, suspended, package: pkg, domains };
}

/** A value as the lists give it: `"x"`, or `{"value": "x", ...}` (the admin list's username). */
function text(v: unknown): string | undefined {
  const value = isRecord(v) ? v.value : v;
  return typeof value === 'string' ? value : undefined;
}

function yesNo(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  const value = text(v);
  return value === 'yes' ? true : value === 'no' ? false : undefined;
}

/** An object keyed by domain; `[]` or a list of names too (PHP writes an empty map as `[]`). */
function domainsOf(v: unknown): string[] | undefined {
  if (isRecord(v)) return Object.keys(v);
  if (Array.isArray(v) && v.every((d) => typeof d === 'string')) return v;
  return undefined;
}
