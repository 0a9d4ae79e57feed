// /api/login-keys/keys (swagger web.loginKeyCreateRequest): the Login Keys dactl makes for itself,
// and the panel's key errors (403, 430, 490, 491, 492, 402) as sentences with their exit codes.
import { AuthError, DactlError, LoginRefusedError, NotFoundError, PanelError } from '../errors.js';
import type { Client } from '../http/transport.js';
import { isRecord } from '../json/record.js';
import { unexpected } from './shape.js';

/**
 * What dactl's own commands call, by the names allowCommands uses: the legacy command, or the
 * new API's group (`/api/db-show/...` → `db-show`). Never `login-keys`: see keyManagement.
 */
export const dactlCommands: readonly string[] = [
  'CMD_API_LOGIN_TEST',
  'CMD_API_SHOW_ALL_USERS',
  'CMD_API_SHOW_RESELLERS',
  'CMD_API_SHOW_ADMINS',
  'CMD_API_SHOW_USERS',
  'CMD_ALL_USER_SHOW',
  'CMD_USER_SHOW',
  'CMD_API_SHOW_DOMAINS',
  'CMD_API_DOMAIN_OWNERS',
  'CMD_API_PACKAGES_USER',
  'CMD_API_SHOW_RESELLER_IPS',
  'CMD_ACCOUNT_USER',
  'CMD_API_ACCOUNT_USER',
  'CMD_API_SELECT_USERS',
  'CMD_UNIT',
  'users',
  'db-show',
  'db-manage',
  'wordpress',
];

/**
 * The commands that manage Login Keys, new API and legacy. Every key dactl makes is denied them,
 * even with `--allow all`, so a stolen key cannot make, widen or extend a key; rotation and logout
 * manage keys with the account password instead.
 */
export const keyManagement: readonly string[] = [
  'login-keys',
  'CMD_API_LOGIN_KEYS',
  'CMD_LOGIN_KEYS',
];

export interface NewLoginKey {
  id: string;
  key: string;
  /** Empty: every command. */
  allowCommands: readonly string[];
  /** Empty: every network. */
  allowNetworks: readonly string[];
  /** ISO date-time; absent: never. */
  expires?: string;
  /** The account password: the swagger requires it, and dactl makes keys with nothing else. */
  currentPassword: string;
}

const path = '/api/login-keys/keys';

export async function createLoginKey(client: Client, key: NewLoginKey): Promise<void> {
  const json = {
    id: key.id,
    password: key.key,
    currentPassword: key.currentPassword,
    allowCommands: key.allowCommands,
    denyCommands: keyManagement,
    allowNetworks: key.allowNetworks,
    allowLogin: false,
    autoRemove: true,
    hasExpiry: key.expires !== undefined,
    ...(key.expires === undefined ? {} : { expires: key.expires }),
  };
  let reply: unknown;
  try {
    reply = await client.send({ method: 'POST', path, json });
  } catch (error) {
    throw keyError(error, key.id);
  }
  if (!isRecord(reply) || reply.id !== key.id) throw unexpected('the new Login Key', reply);
}

/** DELETE /api/login-keys/keys/{id}; false when the panel no longer has it. */
export async function deleteLoginKey(client: Client, id: string): Promise<boolean> {
  try {
    await client.send({ method: 'DELETE', path: `${path}/${encodeURIComponent(id)}` });
    return true;
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw keyError(error, id);
  }
}

export function keyError(error: unknown, id: string): unknown {
  if (!(error instanceof DactlError)) return error;
  if (error instanceof NotFoundError) {
    return new NotFoundError(
      'This panel has no Login Key API (/api/login-keys/keys answered 404); it is older than dactl login needs.',
      'Make a Login Key in the panel (Login Keys page) and save it with "dactl profile add ... --password-stdin", or update the panel.',
    );
  }
  // 403: this login may not manage keys, most likely because it is a Login Key, not the password.
  if (error instanceof AuthError && !(error instanceof LoginRefusedError)) {
    return new LoginRefusedError(
      `The panel does not let this login manage Login Keys (${error.message}).`,
      'Give the account password, not a Login Key: the keys dactl makes may not manage keys.',
    );
  }
  if (!(error instanceof PanelError)) return error;
  switch (error.status) {
    case 430:
      return new LoginRefusedError(
        'The panel refused the account password.',
        'Run dactl login again and type the account password (not an old Login Key).',
      );
    case 490:
      return new PanelError(
        `The panel already has a Login Key named "${id}".`,
        'Wait a second and try again, or delete that key in the panel.',
        490,
        error.type,
      );
    case 491:
      return new PanelError(
        'The panel already has a Login Key with that secret.',
        'Try again: dactl generates a new one each time.',
        491,
        error.type,
      );
    case 492:
      return new PanelError(
        'The panel found the generated Login Key too weak for its password policy.',
        'Try again; if it keeps happening, the panel policy asks for more than dactl generates.',
        492,
        error.type,
      );
    case 402:
      return new PanelError(
        "The panel's licence is overused (HTTP 402), so it refuses to manage Login Keys.",
        'Ask the server administrator to renew or extend the DirectAdmin licence.',
        402,
        error.type,
      );
    default:
      return error;
  }
}
