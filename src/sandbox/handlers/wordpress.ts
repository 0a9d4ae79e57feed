// POST /api/wordpress/install-quick (user): a WordPress site in one of the acting account's
// domains, with a new database `<user>_wp<digits>` that then shows in the database list. The
// swagger requires filePath and title only; what is left out is made up, as the reply (which
// echoes the admin password) suggests. The endpoint's own errors carry only a type.

import { randomBytes, randomInt } from 'node:crypto';
import { badRequest, json } from '../reply.js';
import type { Handler } from '../route.js';
import { findPackage } from '../settings.js';
import { isRecord } from '../../json/record.js';

// A real install takes tens of seconds; a short pause lets a client's spinner be seen.
const workMs = 300;

const text = (body: Record<string, unknown>, key: string): string | undefined => {
  const value = body[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

export const installQuick: Handler = async ({ account, request, store }) => {
  const body = isRecord(request.body) ? request.body : {};
  const filePath = text(body, 'filePath');
  const title = text(body, 'title');
  if (filePath === undefined || title === undefined) {
    return badRequest('The JSON body needs "filePath" and "title" strings');
  }
  const where = /^domains\/([^/]+)\/public_html(\/.*)?$/.exec(filePath);
  if (where === null || filePath.split('/').some((part) => ['', '.', '..'].includes(part))) {
    return badRequest(`filePath ${filePath} is not domains/<domain>/public_html[/<directory>]`);
  }
  const domain = where[1] ?? '';
  if (!account.domains.includes(domain)) {
    return badRequest(`The domain ${domain} does not belong to ${account.username}`);
  }
  const installs = (account.wordpress ??= []);
  if (installs.includes(filePath)) return json({ type: 'WORDPRESS_ALREADY_INSTALLED' }, 490);
  const limit = findPackage(store.state, account.package);
  const dbUsers = account.databases.reduce((n, d) => n + d.userCount, 0);
  if (limit?.databaseUsers !== undefined && dbUsers >= limit.databaseUsers) {
    return json({ type: 'DATABASE_USERS_EXCEED_LIMIT' }, 491);
  }
  if (limit?.databases !== undefined && account.databases.length >= limit.databases) {
    return json({ type: 'DATABASES_EXCEED_LIMIT' }, 493);
  }

  const taken = new Set(store.state.accounts.flatMap((a) => a.databases.map((d) => d.database)));
  let dbName: string;
  do dbName = `${account.username}_wp${String(randomInt(100, 1000))}`;
  while (taken.has(dbName));
  account.databases.push({
    database: dbName,
    sizeBytes: 1_572_864,
    userCount: 1,
    tableCount: 12,
    definerIssues: 0,
  });
  installs.push(filePath);
  (account.wordpressTitles ??= {})[filePath] = title;
  (account.files ??= []).push(`${filePath}/index.php`, `${filePath}/wp-config.php`);
  store.save();

  await new Promise((resolve) => setTimeout(resolve, workMs));
  const dir = where[2] ?? '';
  return json({
    adminEmail: text(body, 'adminEmail') ?? account.email,
    adminName: text(body, 'adminName') ?? 'admin',
    adminPass: text(body, 'adminPass') ?? randomBytes(12).toString('base64url'),
    dbName,
    filePath,
    siteURL: `http://${domain}${dir}`,
    title,
  });
};
