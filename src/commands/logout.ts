import { Command } from 'commander';
import { moveNames } from '../completion/names-cache.js';
import { LeafCommand } from '../command.js';
import { deleteLoginKey } from '../api/login-keys.js';
import { Context } from '../context.js';
import { CancelledError, DactlError, UsageError } from '../errors.js';
import { withKeyLock } from '../settings/key-lock.js';
import type { Profile, ProfileStore } from '../settings/store.js';
import { checkFlag, profileName } from '../validate/settings.js';
import { withExamples } from '../help/text.js';
import { accountClient, dropPending, withAccountPassword } from './_shared/login-session.js';

interface LogoutOptions {
  keepProfile?: boolean;
  passwordStdin?: boolean;
}

export const logoutCommand = (): Command =>
  withExamples(
    new LeafCommand('logout')
      .description(
        "Delete the profile's Login Key on the panel, then the profile (asks first unless --yes)",
      )
      .option('--keep-profile', 'keep the profile, without its secret')
      .option(
        '--password-stdin',
        'read the account password from stdin, to delete the key (used once, never saved)',
      )
      .act(async (ctx, opts: LogoutOptions) => {
        const store = await ctx.profiles();
        const name = ctx.options.profile ?? store.current;
        if (name === undefined) {
          throw new UsageError('No profile to log out of.', 'Name one: dactl logout -p <name>.');
        }
        checkFlag('--profile', name, profileName);
        const profile = store.get(name);
        const key = profile.loginKey?.id ?? profile.pendingKey;
        const what = opts.keepProfile ? 'its secret' : 'the profile';
        await ctx.prompts.confirm({
          message:
            key === undefined
              ? `Log out of profile "${name}" (delete ${what})?`
              : `Log out of profile "${name}": delete Login Key ${key} on ${profile.url}, then ${what}?`,
          flag: '--yes',
          yes: ctx.options.yes === true,
        });
        if (key === undefined) {
          ctx.log.warn(
            `Profile "${name}" has no Login Key made by dactl login; only the local copy of its secret goes.`,
          );
          await forget(ctx, store, name, profile, opts);
          return;
        }
        // The key goes with the account password (the key may not delete keys), under the key
        // lock, so a rotation waiting for it finds the profile gone instead of making a new key.
        await withAccountPassword(
          ctx,
          opts.passwordStdin,
          {
            username: profile.username,
            purpose: 'to delete the Login Key',
            example: `pass show da/admin | dactl logout -p ${name} --yes --password-stdin`,
          },
          (password) =>
            withKeyLock(store.dir, name, async () => {
              store.reload();
              const now = store.get(name);
              await revoke(ctx, now, name, password);
              await forget(ctx, store, name, now, opts);
            }),
        ).catch((error: unknown) => {
          throw keyLeft(error, name, key);
        });
      }),
    'dactl logout',
    'dactl logout -p prod --yes',
    'pass show da/admin | dactl logout -p prod --yes --password-stdin',
    'dactl logout -p prod --keep-profile',
  );

/** Deletes the profile's key and the one an interrupted run left; an absent key needs nothing. */
async function revoke(ctx: Context, profile: Profile, name: string, password: string) {
  const client = await accountClient(ctx, { ...profile, profile: name }, password);
  if (profile.pendingKey !== undefined) await dropPending(ctx, client, profile.pendingKey);
  const id = profile.loginKey?.id;
  if (id === undefined) return;
  const gone = await deleteLoginKey(client, id);
  ctx.log.info(
    gone
      ? `Deleted Login Key ${id} on ${profile.url}.`
      : `Login Key ${id} is no longer on ${profile.url}; nothing to delete there.`,
  );
}

async function forget(
  ctx: Context,
  store: ProfileStore,
  name: string,
  profile: Profile,
  opts: LogoutOptions,
): Promise<void> {
  if (opts.keepProfile) {
    const kept = { ...profile };
    delete kept.password;
    delete kept.loginKey;
    delete kept.pendingKey;
    await store.save(name, kept, false);
    ctx.log.success(`Logged out: profile "${name}" is kept without a secret.`);
  } else {
    await store.remove(name);
    moveNames(ctx.io.env, name);
    ctx.log.success(`Logged out: profile "${name}" is removed.`);
  }
}

/** A key that could not be deleted: the profile is kept, and the error says how to finish. */
function keyLeft(error: unknown, name: string, id: string): unknown {
  const untouched = error instanceof UsageError || error instanceof CancelledError;
  if (!(error instanceof DactlError) || untouched) return error;
  return new DactlError(
    error.code,
    error.exitCode,
    `${error.message} Login Key ${id} may still be on the panel; profile "${name}" is kept.`,
    `Run "dactl logout -p ${name}" again, or delete the key in the panel (Login Keys page) and run "dactl profile remove ${name}".`,
  );
}
