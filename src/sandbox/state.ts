// The sandbox's whole state is one plain object, so it serialises to JSON as is and later
// endpoints (user creation, WordPress, CMD_UNIT) extend it by adding fields, not machinery.

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { parseJson } from '../json/parse.js';
import {
  ensureTrustedDir,
  readTrusted,
  UntrustedPathError,
  writeTrusted,
} from '../trusted-path.js';
import { demoState } from './data.js';
import type { LoginKeyRecord } from './login-keys.js';
import type { Role } from './types.js';

/** One database record, exactly the fields of spec 2.1 / the swagger's dbDatabaseListEntry. */
export interface DatabaseRecord {
  database: string;
  sizeBytes: number;
  userCount: number;
  tableCount: number;
  definerIssues: number;
}

export interface AccountRecord {
  username: string;
  /** Kept in clear: the sandbox must hand it back to tests after a restart. */
  password: string;
  role: Role;
  /** The account that created this one; admin owns itself, as in DirectAdmin. */
  owner: string;
  email: string;
  package: string;
  domains: string[];
  databases: DatabaseRecord[];
  /**
   * The files of the simulated home directory, relative to /home/<user> (`domains/<d>/app/app.js`;
   * a directory without files ends in "/"). CMD_UNIT checks uploaded applications against it.
   */
  files?: string[];
  /** The address given at creation (CMD_ACCOUNT_USER); absent for the demo accounts. */
  ip?: string;
  /** WordPress installs, by filePath (`domains/<domain>/public_html[/<dir>]`). */
  wordpress?: string[];
  /** Each install's site title, by filePath; absent in older state files. */
  wordpressTitles?: Record<string, string>;
  /** The account holder's name (user config `name`); absent in older state files. */
  name?: string;
  /** Set by CMD_API_SELECT_USERS; a suspended account cannot log in. Absent = active. */
  suspended?: boolean;
}

/**
 * A hosting package; `databases` caps how many databases the account may have and
 * `databaseUsers` how many database users (absent = unlimited).
 */
export interface PackageRecord {
  name: string;
  databases?: number;
  databaseUsers?: number;
}

export interface SandboxState {
  version: 1;
  /** In creation order, which is the order the user listings show. */
  accounts: AccountRecord[];
  /** The application server's live configuration; absent until CMD_UNIT is first used. */
  unit?: UnitState;
  /** Packages accounts are created with; absent in state files older than user creation. */
  packages?: PackageRecord[];
  /** The server's IPv4 addresses; the first is the shared one. Absent in older state files. */
  ips?: string[];
  /** Every account's Login Keys (login-keys.ts); absent until the first is made. */
  loginKeys?: LoginKeyRecord[];
}

/**
 * What Unit itself runs (spec 2.6: the live daemon is authoritative). The panel's local copies
 * are files under the data dir and only refill this; see unit/model.ts.
 */
export interface UnitState {
  /** By live name `<domain>_<app>`. */
  applications: Record<string, LiveApplication>;
  /** Route sets by `<domain>` or `<sub>.<domain>`. */
  routes: Record<string, LiveRoutes>;
}

export interface LiveApplication {
  user: string;
  domain: string;
  name: string;
  definition: Record<string, unknown>;
}

interface LiveRoutes {
  user: string;
  domain: string;
  route: unknown[];
}

/** The state plus the one way to persist it; handlers call save() after every change. */
export interface Store {
  readonly state: SandboxState;
  save(): void;
  /**
   * Session logins (POST /api/login, CMD_LOGIN): session id → the Basic-style login name
   * (`admin|fred`). In memory only: a restarted panel forgets its sessions.
   */
  readonly sessions: Map<string, string>;
  /** Where the panel's files live (state.json, local copies); absent = memory only. */
  readonly dataDir?: string;
}

export function findAccount(state: SandboxState, username: string): AccountRecord | undefined {
  return state.accounts.find((a) => a.username === username);
}

/**
 * Opens the state: memory only without a dataDir; otherwise `<dataDir>/state.json`, created with
 * fresh demo data (and fresh passwords) the first time, and reloaded on every later start.
 */
export function openStore(dataDir?: string): Store {
  if (dataDir === undefined) {
    return { state: demoState(), save: () => undefined, sessions: new Map() };
  }

  const file = join(dataDir, 'state.json');
  // 0700 / 0600: the file holds the demo passwords. Under the path rule (src/trusted-path.ts).
  // The data directory's owner is trusted as the panel's own user is (the doctor's rule).
  const owners = (): number[] => {
    const stats = statSync(dataDir, { throwIfNoEntry: false });
    return stats ? [stats.uid] : [];
  };
  onDisk(dataDir, () => ensureTrustedDir(dataDir, 0o700, { owners: owners() }));
  const text = onDisk(file, () =>
    readTrusted(file, {
      maxBytes: 64 * 1024 * 1024,
      label: 'the sandbox state file',
      owners: owners(),
    }),
  );
  const fresh = text === undefined;
  const state = fresh ? demoState() : loadState(file, text.toString('utf8'));
  const store = {
    state,
    dataDir,
    sessions: new Map<string, string>(),
    save: () => {
      writeTrusted(file, JSON.stringify(state, null, 2), 0o600, { owners: owners() });
    },
  };
  if (fresh) onDisk(dataDir, store.save);
  return store;
}

const foreignHint =
  'Move it away (a fresh one with new demo data is made), or give another --data-dir.';

function loadState(file: string, text: string): SandboxState {
  const json = parseJson(text);
  if (!json.ok) {
    throw new UsageError(
      `The sandbox state file "${file}" is not valid JSON: ${json.error.message}.`,
      foreignHint,
    );
  }
  const parsed = json.value;
  if (!isState(parsed)) {
    throw new UsageError(
      `"${file}" is not a dactl sandbox state file (version 1, with its accounts).`,
      foreignHint,
    );
  }
  return parsed;
}

/** A file system step of the set-up; its failure is exit 2 naming the path and the fix. */
function onDisk<T>(path: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined || error instanceof UntrustedPathError) throw error;
    if (code === 'EISDIR') {
      throw new UsageError(`"${path}" is a directory, not the sandbox state file.`, foreignHint);
    }
    if (code === 'ENOTDIR' || code === 'EEXIST') {
      throw new UsageError(
        `The sandbox data directory "${path}" is not a directory (or lies below a file).`,
        'Give --data-dir a directory, or a path where one may be created.',
      );
    }
    throw new UsageError(
      `The sandbox cannot use "${path}" (${code}).`,
      code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? 'Check its permissions, or give another --data-dir.'
        : 'Give another --data-dir.',
    );
  }
}

// A light check of the parts every handler relies on; the file is ours, so this only catches a
// foreign or hand-broken file early, with its name, instead of a TypeError mid-request.
function isState(value: unknown): value is SandboxState {
  if (typeof value !== 'object' || value === null) return false;
  const { version, accounts } = value as Partial<Record<keyof SandboxState, unknown>>;
  return (
    version === 1 &&
    Array.isArray(accounts) &&
    accounts.every((a: unknown) => {
      if (typeof a !== 'object' || a === null) return false;
      const r = a as Partial<Record<keyof AccountRecord, unknown>>;
      return (
        typeof r.username === 'string' &&
        typeof r.password === 'string' &&
        typeof r.owner === 'string' &&
        (r.role === 'admin' || r.role === 'reseller' || r.role === 'user') &&
        Array.isArray(r.domains) &&
        Array.isArray(r.databases)
      );
    })
  );
}
