import { Command } from 'commander';
import { deleteLoginKey } from '../api/login-keys.js';
import { loginTest } from '../api/session.js';
import { Context } from '../context.js';
import { AuthError, UsageError } from '../errors.js';
import type { Client } from '../http/transport.js';
import { checkFlag, profileName } from '../settings/validate.js';
import { withExamples } from './help.js';
import { accountClient } from './login-session.js';

interface LogoutOptions {
  keepProfile?: boolean;
}

export const logoutCommand = (): Command =>
  withExamples(
    new Command('logout')
      .description("Delete the profile's Login Key on the panel, then the profile (or its secret)")
      .option('--keep-profile', 'keep the profile, without its secret')
      .action(async (opts: LogoutOptions, command: Command) => {
        const ctx = Context.from(command);
        const store = await ctx.profiles();
        const name = ctx.options.profile ?? store.current;
        if (name === undefined) {
          throw new UsageError('No profile to log out of.', 'Name one: dactl logout -p <name>.');
        }
        checkFlag('--profile', name, profileName);
        const profile = store.get(name);
        const key = profile.loginKey;
        if (key && profile.password) {
          const client = await accountClient(ctx, { ...profile, profile: name }, profile.password);
          const gone = await revoke(client, key.id);
          ctx.log.info(
            gone
              ? `Deleted Login Key ${key.id} on ${profile.url}.`
              : `Login Key ${key.id} no longer works on ${profile.url}; nothing to delete there.`,
          );
        } else {
          ctx.log.warn(
            `Profile "${name}" has no Login Key made by dactl login; only the local copy of its secret goes.`,
          );
        }
        if (opts.keepProfile) {
          const kept = { ...profile };
          delete kept.password;
          delete kept.loginKey;
          await store.save(name, kept, false);
          ctx.log.success(`Logged out: profile "${name}" is kept without a secret.`);
        } else {
          await store.remove(name);
          ctx.log.success(`Logged out: profile "${name}" is removed.`);
        }
      }),
    'dactl logout',
    'dactl logout -p prod --keep-profile',
  );

/**
 * Deletes the key with itself. True when deleted; false when the panel already refuses it
 * (expired, or deleted in the panel), since a dead key needs no deleting. A key that still works
 * but may not delete itself stops the logout, with the profile untouched.
 */
async function revoke(client: Client, id: string): Promise<boolean> {
  try {
    return await deleteLoginKey(client, id);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const alive = await loginTest(client).then(
      () => true,
      (e: unknown) => !(e instanceof AuthError),
    );
    if (!alive) return false;
    throw new AuthError(
      `${error.message} The key works but may not delete itself, so the profile is kept.`,
      'Delete the key in the panel (Login Keys page), then run "dactl profile remove".',
    );
  }
}
