// What login, login --rotate and logout share: a client that manages the account's own keys (never
// through --as: a key belongs to the account that logs in), and making and checking a new key.
import { createLoginKey, deleteLoginKey, type NewLoginKey } from '../api/login-keys.js';
import { loginTest } from '../api/session.js';
import type { Context } from '../context.js';
import { notThePassword, PartialError } from '../errors.js';
import type { PinnedCert } from '../http/pin.js';
import { Client } from '../http/transport.js';
import { defaultTimeoutMs, type Connection } from '../settings/connection.js';
import { generateKey, keyId, type LoginKeyInfo } from '../settings/login-key.js';

export interface Panel {
  profile: string;
  url: string;
  username: string;
  caCert?: string;
  insecure?: boolean;
  pinnedCert?: PinnedCert;
}

/** A client for the account itself, with `secret` (the account password or a key). */
export async function accountClient(ctx: Context, panel: Panel, secret: string): Promise<Client> {
  const connection: Connection = {
    profile: panel.profile,
    url: panel.url,
    username: panel.username,
    caCert: panel.caCert,
    insecure: panel.insecure ?? false,
    pin: panel.caCert === undefined ? panel.pinnedCert : undefined,
    timeoutMs: ctx.timeoutMs ?? defaultTimeoutMs,
  };
  const { makeClient } = await import('../settings/client.js');
  return makeClient(connection, ctx, secret);
}

/**
 * Makes a key with `client`, then logs in with it; a key that does not work is deleted again, so a
 * failed login leaves nothing behind. Returns the key and what the profile keeps about it.
 */
export async function makeKey(
  client: Client,
  panel: Panel,
  wanted: Omit<NewLoginKey, 'id' | 'key'>,
): Promise<{ key: string; info: LoginKeyInfo }> {
  const key = generateKey();
  const id = keyId(panel.url, new Date());
  await createLoginKey(client, { ...wanted, id, key });
  const keyClient = new Client({ ...client.options, password: key });
  try {
    await loginTest(keyClient);
  } catch (error) {
    await deleteLoginKey(client, id).catch(() => false);
    // The account password was taken; the new key's refusal is not the password's.
    throw notThePassword(error);
  }
  const info: LoginKeyInfo = {
    id,
    commands: [...wanted.allowCommands],
    networks: [...wanted.allowNetworks],
  };
  if (wanted.expires !== undefined) info.expires = wanted.expires;
  return { key, info };
}

/** `2026-02-21` or `never`, for messages. */
export const shownExpiry = (info: LoginKeyInfo): string =>
  info.expires === undefined ? 'never' : info.expires.slice(0, 10);

/** Deletes the key a new one replaces; failing that, the new key stays and the run is partial. */
export async function dropOld(ctx: Context, client: Client, id: string): Promise<void> {
  let gone: boolean;
  try {
    gone = await deleteLoginKey(client, id);
  } catch (error) {
    throw new PartialError(
      `The new key is saved, but the old Login Key ${id} could not be deleted: ${error instanceof Error ? error.message : String(error)}`,
      'Delete it in the panel (Login Keys page), or with "dactl api -X DELETE /api/login-keys/keys/<id>".',
    );
  }
  ctx.log.info(
    gone ? `Deleted the old Login Key ${id}.` : `The old Login Key ${id} was already gone.`,
  );
}
