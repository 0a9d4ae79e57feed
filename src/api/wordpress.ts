// POST /api/wordpress/install-quick (spec 2.2, row 3; facts page "New API"): a new WordPress
// site with a new database. It can take minutes, so it has its own time-out.
import { AuthError, NotFoundError, PanelError } from '../errors.js';
import type { PanelRequest } from '../http/transport.js';
import { isRecord } from '../json/record.js';
import { unexpected } from './shape.js';

export interface QuickInstall {
  /** `domains/<domain>/public_html[/<dir>]`, relative to the account's home directory. */
  filePath: string;
  title: string;
  adminName: string;
  adminEmail: string;
  adminPass: string;
}

export interface Installed extends QuickInstall {
  siteURL: string;
  dbName: string;
}

/** At least five minutes: an install downloads WordPress and creates a database. */
export const installTimeoutMs = 300_000;

export function installQuickRequest(site: QuickInstall, timeoutMs: number): PanelRequest {
  return {
    method: 'POST',
    path: '/api/wordpress/install-quick',
    json: {
      filePath: site.filePath,
      title: site.title,
      adminName: site.adminName,
      adminEmail: site.adminEmail,
      adminPass: site.adminPass,
    },
    timeoutMs,
  };
}

const replyFields = [
  'siteURL',
  'adminName',
  'adminEmail',
  'adminPass',
  'dbName',
  'filePath',
  'title',
] as const;

export function checkInstallReply(reply: unknown): Installed {
  if (!isRecord(reply)) throw unexpected('the WordPress install', reply);
  const out: Partial<Record<(typeof replyFields)[number], string>> = {};
  for (const key of replyFields) {
    const value = reply[key];
    if (typeof value !== 'string') throw unexpected('the WordPress install', reply);
    out[key] = value;
  }
  const { siteURL = '', adminName = '', adminEmail = '', adminPass = '' } = out;
  const { dbName = '', filePath = '', title = '' } = out;
  return { siteURL, adminName, adminEmail, adminPass, dbName, filePath, title };
}

/**
 * Turns the panel's refusal of an install into a sentence a person understands. The endpoint's
 * own errors (swagger: 490-493) carry only a type, so the words come from here.
 */
export function explainInstallError(error: unknown, filePath: string, login: string): unknown {
  if (error instanceof PanelError) {
    const said = `(the panel said: ${error.message})`;
    switch (error.type) {
      case 'WORDPRESS_ALREADY_INSTALLED':
        return new PanelError(
          `WordPress is already installed in ${filePath}.`,
          'Pick another directory with --subdir, or remove the existing site first.',
          error.status,
          error.type,
        );
      case 'DATABASE_USERS_EXCEED_LIMIT':
        return limit(error, 'database users', 'a database user');
      case 'DATABASES_EXCEED_LIMIT':
        return limit(error, 'databases', 'a database');
      case 'RESELLER_EXCEEDS_LIMIT':
        return new PanelError(
          `The account's reseller has reached its limits, so the panel cannot create the site's database ${said}.`,
          "The reseller's limits are raised by the admin.",
          error.status,
          error.type,
        );
      case 'LICENSE_OVERUSED':
        return new PanelError(
          `The panel's DirectAdmin licence is over its limit, so it refuses to install ${said}.`,
          undefined,
          error.status,
          error.type,
        );
      default:
        return new PanelError(
          `The panel refused to install WordPress in ${filePath}: ${error.message}`,
          undefined,
          error.status,
          error.type,
        );
    }
  }
  if (error instanceof AuthError && error.hint === undefined) {
    return new AuthError(
      `The panel does not let ${login} install WordPress (${error.message}).`,
      "The account's package may not include WordPress; an admin or reseller acting for a user adds --as <user>.",
    );
  }
  if (error instanceof NotFoundError) {
    return new NotFoundError(
      `This panel has no WordPress quick install (${error.message}).`,
      'It needs a DirectAdmin version with the new API endpoint /api/wordpress/install-quick.',
    );
  }
  return error;
}

function limit(error: PanelError, what: string, one: string): PanelError {
  return new PanelError(
    `The account has reached its limit of ${what}, and the install needs ${one} more.`,
    'Remove one you no longer need, or raise the limit in the account’s package.',
    error.status,
    error.type,
  );
}
