// What login, login --rotate and logout share: a client for the account itself (never through
// --as: a key belongs to the account that logs in), and the one way a profile's key is replaced.
// Keys are managed with the account password only: the keys dactl makes may not manage keys.
import { createLoginKey, deleteLoginKey, type NewLoginKey } from '../../api/login-keys.js';
import { loginTest } from '../../api/session.js';
import type { Context } from '../../context.js';
import {
  AuthError,
  LoginRefusedError,
  NotFoundError,
  PanelError,
  PartialError,
  UsageError,
} from '../../errors.js';
import type { PinnedCert } from '../../http/pin.js';
import { Client } from '../../http/transport.js';
import { defaultTimeoutMs, type Connection } from '../../settings/connection.js';
import { withKeyLock } from '../../settings/key-lock.js';
import { generateKey, keyId, type LoginKeyInfo } from '../../settings/login-key.js';
import { readSecretFromStdin } from '../../settings/secret.js';
import type { Profile, ProfileStore } from '../../settings/store.js';
import { checkSecret } from '../../validate/settings.js';

export interface Panel {
  profile: string;
  url: string;
  username: string;
  caCert?: string;
  insecure?: boolean;
  pinnedCert?: PinnedCert;
}

/** A client for the account itself, with `secret` (the account password). */
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
  const { makeClient } = await import('../../settings/client.js');
  return makeClient(connection, ctx, secret);
}

/**
 * Gives profile `name` a new key made with `client` (the account password); `base` builds the
 * profile around it from the saved one, when that is for the same account as `panel`. Under the
 * profile's key lock the new key is recorded as pending before it is made, and the old one before
 * it is deleted: a run killed at any point leaves a working profile and at most one extra key,
 * named in it. A key that does not work is deleted again.
 */
export async function replaceKey(
  ctx: Context,
  store: ProfileStore,
  name: string,
  client: Client,
  panel: Panel,
  base: (current: Profile | undefined) => Profile,
  wanted: Omit<NewLoginKey, 'id' | 'key'>,
): Promise<LoginKeyInfo> {
  return withKeyLock(store.dir, name, async () => {
    store.reload();
    const found = store.find(name);
    let old = found?.url === panel.url && found.username === panel.username ? found : undefined;
    const elsewhere = found?.loginKey?.id ?? found?.pendingKey;
    if (found && !old && elsewhere !== undefined) {
      ctx.log.warn(
        `Profile "${name}" was for ${found.username} at ${found.url}; its Login Key ${elsewhere} there is left (delete it in that panel's Login Keys page).`,
      );
    }
    if (old?.pendingKey !== undefined) {
      await dropPending(ctx, client, old.pendingKey);
      old = withoutPending(old);
    }
    const around = withoutPending(base(old));
    const key = generateKey();
    const id = keyId(panel.url, new Date());
    if (old) await store.save(name, { ...old, pendingKey: id }, false);
    // Undoes the new key: the profile stops naming it once it is surely gone.
    const undo = async (made: boolean): Promise<void> => {
      const gone =
        !made ||
        (await deleteLoginKey(client, id).then(
          () => true,
          () => false,
        ));
      if (old && gone) await store.save(name, old, false);
    };
    try {
      await createLoginKey(client, { ...wanted, id, key });
    } catch (error) {
      await undo(mayHaveMade(error));
      throw error;
    }
    try {
      await loginTest(new Client({ ...client.options, password: key }));
    } catch (error) {
      await undo(true);
      throw keyRefused(error, wanted.allowNetworks);
    }
    const info: LoginKeyInfo = {
      id,
      commands: [...wanted.allowCommands],
      networks: [...wanted.allowNetworks],
    };
    if (wanted.expires !== undefined) info.expires = wanted.expires;
    const oldId = old?.loginKey?.id;
    const profile: Profile = { ...around, password: key, loginKey: info };
    await store.save(
      name,
      oldId === undefined ? profile : { ...profile, pendingKey: oldId },
      false,
    );
    if (oldId !== undefined) {
      await dropOld(ctx, client, oldId, name);
      await store.save(name, profile, false);
    }
    return info;
  });
}

/**
 * The new key refused when tried. The account password was taken, so asking for it again would
 * not help: the key's own limits refused it, most likely its networks. A real panel answers a key
 * used from another address like a wrong password (swagger: a bare 401), so the networks given
 * are named whatever the panel says.
 */
function keyRefused(error: unknown, networks: readonly string[]): unknown {
  if (!(error instanceof AuthError)) return error;
  const login = error instanceof LoginRefusedError;
  const said = login ? error.said : error.message.replace(/^The panel refused: /, '');
  const words = said ? ` (the panel said: ${said})` : '';
  const gone = 'it was deleted, and nothing was saved';
  if (login && networks.length > 0) {
    return new AuthError(
      `The panel refused the new Login Key from this machine: it may be used only from ${networks.join(', ')}${words}; ${gone}.`,
      "A profile's key is for the machine dactl runs on: run dactl login on a machine in those networks, or add this machine's address with --allow-network.",
    );
  }
  return new AuthError(
    `The panel refused the new Login Key when dactl tried it${words}; ${gone}.`,
    'The account password was right: the panel’s Login Key policy, or the key’s commands or expiry, refused the key.',
  );
}

/** `2026-02-21` or `never`, for messages. */
export const shownExpiry = (info: LoginKeyInfo): string =>
  info.expires === undefined ? 'never' : info.expires.slice(0, 10);

/** A refusal (4xx) made no key; a lost or odd answer may have made it. */
const mayHaveMade = (error: unknown): boolean =>
  !(
    error instanceof AuthError ||
    error instanceof NotFoundError ||
    (error instanceof PanelError && error.status !== undefined && error.status < 500)
  );

const withoutPending = (profile: Profile): Profile => {
  const rest = { ...profile };
  delete rest.pendingKey;
  return rest;
};

/** Deletes the key a new one replaces; failing that, the profile names it and the run is partial. */
async function dropOld(ctx: Context, client: Client, id: string, profile: string): Promise<void> {
  let gone: boolean;
  try {
    gone = await deleteLoginKey(client, id);
  } catch (error) {
    throw new PartialError(
      `The new key is saved, but the old Login Key ${id} could not be deleted: ${error instanceof Error ? error.message : String(error)}`,
      `"dactl login --rotate -p ${profile}" or "dactl logout -p ${profile}" deletes it later; or delete it in the panel (Login Keys page).`,
    );
  }
  ctx.log.info(
    gone ? `Deleted the old Login Key ${id}.` : `The old Login Key ${id} was already gone.`,
  );
}

/** Deletes the key an interrupted run left (Profile.pendingKey). */
export async function dropPending(ctx: Context, client: Client, id: string): Promise<void> {
  const gone = await deleteLoginKey(client, id);
  ctx.log.info(
    gone
      ? `Deleted Login Key ${id}, left on the panel by an interrupted run.`
      : `Login Key ${id}, named by an interrupted run, is not on the panel.`,
  );
}

/**
 * Runs `attempt` with the account password: from --password-stdin, or asked at a terminal (again
 * while the panel refuses it). Neither: exit 2 saying how to give it, before anything is sent.
 */
export async function withAccountPassword<T>(
  ctx: Context,
  fromStdin: boolean | undefined,
  what: { username: string; purpose: string; example: string },
  attempt: (password: string) => Promise<T>,
): Promise<T> {
  if (fromStdin) return attempt(await readSecretFromStdin(ctx.io.stdin, '--password-stdin'));
  if (!ctx.prompts.interactive) {
    throw new UsageError(
      `The account password of ${what.username} is needed ${what.purpose}: pass --password-stdin, or run this at a terminal.`,
      `The Login Keys dactl makes cannot manage keys, so only the password can; e.g. ${what.example}`,
    );
  }
  return ctx.prompts.secretAccepted(
    {
      message: `Password of ${what.username} (used once ${what.purpose}, never saved):`,
      flag: '--password-stdin',
    },
    (typed) => attempt(checkSecret(typed, 'the prompt')),
  );
}
