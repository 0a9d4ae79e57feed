// The demo panel: one admin, one reseller owning two users, each with domains and databases.
// Names carry an apostrophe, `@` and `-`, so URL-encoded replies carry the panel's HTML entities.
// Passwords are fresh random strings for every new state (persisted with a dataDir).

import { randomBytes } from 'node:crypto';
import type { AccountRecord, DatabaseRecord, PackageRecord, SandboxState } from './state.js';

const MB = 1024 * 1024;

/** 16 characters of base64url: random enough, and safe in a Basic header and a shell. */
function newPassword(): string {
  return randomBytes(12).toString('base64url');
}

function db(
  database: string,
  sizeBytes: number,
  userCount: number,
  tableCount: number,
  definerIssues = 0,
): DatabaseRecord {
  return { database, sizeBytes, userCount, tableCount, definerIssues };
}

function account(fields: Omit<AccountRecord, 'password'>): AccountRecord {
  return { ...fields, password: newPassword() };
}

export function demoState(): SandboxState {
  return {
    version: 1,
    accounts: [
      account({
        username: 'admin',
        name: 'Server Admin',
        role: 'admin',
        owner: 'admin',
        email: 'admin@admin.example',
        package: 'admin',
        domains: ['admin.example'],
        databases: [db('admin_panel', 3 * MB, 1, 9)],
      }),
      account({
        username: 'reseller1',
        name: 'Hosting-R-Us @ Reseller One',
        role: 'reseller',
        owner: 'admin',
        email: 'hosting@reseller1.example',
        package: 'reseller-basic',
        domains: ['reseller1.example'],
        databases: [db('reseller1_billing', 12 * MB, 1, 31)],
      }),
      account({
        username: 'fred',
        name: "Fred O'Brien",
        role: 'user',
        owner: 'reseller1',
        email: 'fred@fred.example',
        package: 'standard',
        domains: ['fred.example', 'fredshop.example'],
        databases: [
          db('fred_wp', 52 * MB, 1, 12),
          // One definer problem, so listings show a non-zero count somewhere.
          db('fred_shop', 18 * MB, 2, 47, 1),
          db('fred_logs', 0, 1, 0),
        ],
        // Uploaded applications for CMD_UNIT: Node.js in app/, Python in api/ (not created yet),
        // Ruby in fredshop.example's store/, and shop/ still waiting for its files.
        files: [
          'domains/fred.example/public_html/index.html',
          'domains/fred.example/app/app.js',
          'domains/fred.example/app/package.json',
          'domains/fred.example/api/wsgi.py',
          'domains/fred.example/shop/',
          'domains/fredshop.example/public_html/index.html',
          'domains/fredshop.example/store/config.ru',
        ],
      }),
      account({
        username: 'alice',
        name: 'Alice Smith-Jones',
        role: 'user',
        owner: 'reseller1',
        email: 'alice@alice.example',
        package: 'starter',
        domains: ['alice.example'],
        databases: [db('alice_blog', 7 * MB, 1, 12), db('alice_test', 64 * 1024, 1, 2)],
        files: [
          'domains/alice.example/public_html/index.html',
          'domains/alice.example/blog/index.php',
        ],
      }),
    ],
    packages: demoPackages(),
    ips: demoIps(),
  };
}

/** The packages new accounts can get; bronze allows one database, so limits can be reached. */
export function demoPackages(): PackageRecord[] {
  return [
    { name: 'default' },
    { name: 'bronze', databases: 1 },
    // Static sites: no database users, so a WordPress install meets 491.
    { name: 'static', databaseUsers: 0 },
    { name: 'silver', databases: 5 },
    { name: 'standard' },
    { name: 'starter', databases: 3 },
  ];
}

/** The server's addresses: the shared one first, then one free to assign. */
export function demoIps(): string[] {
  return ['127.0.0.1', '127.0.0.2'];
}
