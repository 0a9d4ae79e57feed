import { Command } from 'commander';
import { LeafCommand } from '../command.js';
import { resolve } from 'node:path';
import { dactlCommands, keyManagement } from '../api/login-keys.js';
import { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { readCa } from '../settings/ca.js';
import { expiryOf } from '../settings/login-key.js';
import { certificateToPin } from '../settings/trust.js';
import type { Profile, ProfileStore } from '../settings/store.js';
import { accountName, checkFlag, network, profileName } from '../validate/settings.js';
import { notes, withExamples } from '../help/text.js';
import { panelUrlOf } from './_shared/panel-url.js';
import {
  accountClient,
  replaceKey,
  shownExpiry,
  withAccountPassword,
  type Panel,
} from './_shared/login-session.js';

interface LoginOptions {
  url?: string;
  username?: string;
  passwordStdin?: boolean;
  allow?: string;
  allowNetwork: string[];
  expires: string;
  rotate?: boolean;
  pinCert?: string;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

export const loginCommand = (): Command =>
  withExamples(
    new LeafCommand('login')
      .description(
        'Sign in once with the account password; dactl keeps a scoped, expiring Login Key',
      )
      .option(
        '--url <url>',
        'panel address, e.g. https://panel.example.com:2222 (https:// if no scheme)',
      )
      .option('--username <user>', 'account to sign in as')
      .option('--password-stdin', 'read the account password from stdin (used once, never saved)')
      .option('--allow <commands>', '"all", or a comma list of panel commands the key may use')
      .option('--allow-network <cidr>', 'only from this network (repeatable)', collect, [])
      .option('--expires <when>', 'key lifetime: 90d, 12w or never', '90d')
      .option(
        '--rotate',
        "replace the profile's key with a new one, then delete the old one (takes the password)",
      )
      .option('--pin-cert <sha256>', 'trust the self-signed certificate with this fingerprint')
      .addHelpText(
        'after',
        notes(
          '\nThe profile (-p, default: the panel host) keeps the key, its id, commands, networks and\n' +
            'expiry, never the account password. The key may use the commands dactl needs, unless\n' +
            '--allow says otherwise ("dactl api" calls may need --allow all), and never Login Keys:\n' +
            'a stolen key cannot make, widen or extend a key. So "dactl login --rotate" (which renews\n' +
            'a key expiring within 14 days, announced on every run) and "dactl logout" take the\n' +
            'account password, asked at a terminal or piped with --password-stdin.',
        ),
      )
      .act(async (ctx, opts: LoginOptions) => {
        for (const cidr of opts.allowNetwork) checkFlag('--allow-network', cidr, network);
        const expires = expiryOf(opts.expires, new Date());
        const store = await ctx.profiles();
        if (opts.rotate) await rotate(ctx, store, opts, expires);
        else await login(ctx, store, opts, expires);
      }),
    'dactl login',
    'dactl login -p prod --url https://panel.example.com:2222 --username admin',
    'pass show da/admin | dactl login -p prod --url https://panel.example.com:2222 --username admin --password-stdin',
    'dactl login -p prod --allow-network 203.0.113.0/24 --expires 30d',
    'dactl login --rotate -p prod',
    'pass show da/admin | dactl login --rotate -p prod --password-stdin',
    'pass show da/admin | dactl login -p prod --url https://192.0.2.10:2222 --username admin --password-stdin --pin-cert AB:CD:…',
  );

/** --allow: absent = dactl's commands; `all` = none listed (Login Keys stay denied). */
function allowedCommands(allow: string | undefined): string[] {
  if (allow === undefined) return [...dactlCommands];
  if (allow === 'all') return [];
  const list = allow.split(',').map((c) => c.trim());
  if (list.some((c) => !/^[A-Za-z0-9_-]+$/.test(c))) {
    throw new UsageError(
      `--allow "${allow}": give "all" or commands such as CMD_API_SHOW_USERS,db-show.`,
    );
  }
  const managing = list.filter((c) => keyManagement.includes(c));
  if (managing.length > 0) {
    throw new UsageError(
      `--allow "${allow}": a key dactl makes may not manage Login Keys (${managing.join(', ')}).`,
      'Rotation and logout manage the key with the account password; leave these out.',
    );
  }
  return checkable(list);
}

/** A command list with CMD_API_LOGIN_TEST, which dactl tries every new key with; [] stays all. */
const checkable = (list: readonly string[]): string[] =>
  list.length === 0 ? [] : [...new Set([...list, 'CMD_API_LOGIN_TEST'])];

/**
 * The commands a rotated key keeps: the old key's, without Login Keys (which keys made by older
 * versions had). A list of those alone would become "all", so it is refused instead.
 */
function keptCommands(old: string[]): string[] {
  const kept = old.filter((c) => !keyManagement.includes(c));
  if (kept.length === 0 && old.length > 0) {
    throw new UsageError(
      'The old key may use only Login Keys, which a key dactl makes may no longer do.',
      'Name the commands the new key may use with --allow.',
    );
  }
  return checkable(kept);
}

async function login(
  ctx: Context,
  store: ProfileStore,
  opts: LoginOptions,
  expires: string | undefined,
): Promise<void> {
  const existing = ctx.options.profile ? store.find(ctx.options.profile) : undefined;
  const allowCommands = allowedCommands(opts.allow);
  const url = await panelUrlOf(ctx, opts.url ?? existing?.url);
  const name = ctx.options.profile ?? new URL(url).hostname;
  checkFlag('--profile', name, profileName);
  const username =
    opts.username ??
    existing?.username ??
    (await ctx.prompts.text({ message: 'Username', flag: '--username', validate: accountName }));
  checkFlag('--username', username, accountName);
  const caCert = ctx.options.caCert === undefined ? existing?.caCert : resolve(ctx.options.caCert);
  if (caCert) readCa(caCert);
  // A certificate pinned before stays pinned; a new panel's self-signed one is shown and pinned.
  const samePanel = existing?.url === url;
  const pinnedCert =
    samePanel && existing.pinnedCert && opts.pinCert === undefined
      ? existing.pinnedCert
      : await certificateToPin(ctx, url, opts.pinCert);
  const panel: Panel = {
    profile: name,
    url,
    username,
    caCert,
    insecure: ctx.options.insecure ?? existing?.insecure,
    pinnedCert,
  };
  const base: Profile = { url, username };
  if (caCert) base.caCert = caCert;
  if (panel.insecure) base.insecure = true;
  if (pinnedCert) base.pinnedCert = pinnedCert;
  const as = ctx.options.as ?? existing?.as;
  if (as) base.as = as;
  // Logging in again replaces the profile's key: the old one goes, so one key stays per profile.
  const info = await withAccountPassword(
    ctx,
    opts.passwordStdin,
    { username, purpose: 'to make a Login Key', example: loginExample },
    async (password) =>
      replaceKey(ctx, store, name, await accountClient(ctx, panel, password), panel, () => base, {
        allowCommands,
        allowNetworks: opts.allowNetwork,
        expires,
        currentPassword: password,
      }),
  );
  ctx.log.success(
    `Logged in to ${url} as ${username}. Profile "${name}" keeps Login Key ${info.id} ` +
      `(expires ${shownExpiry(info)}); the account password was not saved.`,
  );
}

const loginExample =
  'pass show da/admin | dactl login -p prod --url https://panel.example.com:2222 --username admin --password-stdin';

async function rotate(
  ctx: Context,
  store: ProfileStore,
  opts: LoginOptions,
  expires: string | undefined,
): Promise<void> {
  const name = ctx.options.profile ?? store.current;
  if (name === undefined) {
    throw new UsageError('No profile to rotate.', 'Name one: dactl login --rotate -p <name>.');
  }
  checkFlag('--profile', name, profileName);
  const profile = store.get(name);
  if (!profile.loginKey) {
    throw new UsageError(
      `Profile "${name}" has no Login Key made by dactl login.`,
      `Make one with "dactl login -p ${name}".`,
    );
  }
  if (opts.url !== undefined || opts.username !== undefined) {
    throw new UsageError(
      "--rotate keeps the profile's URL and username; drop --url and --username.",
    );
  }
  const panel: Panel = { ...profile, profile: name };
  const allowCommands =
    opts.allow === undefined
      ? keptCommands(profile.loginKey.commands)
      : allowedCommands(opts.allow);
  const allowNetworks =
    opts.allowNetwork.length > 0 ? opts.allowNetwork : profile.loginKey.networks;
  // Another run may have rotated or removed the profile while this one waited for its lock.
  const current = (found: Profile | undefined): Profile => {
    if (found?.loginKey === undefined) {
      throw new UsageError(
        `Profile "${name}" changed while this run waited (logged out, or logged in elsewhere); nothing was made.`,
      );
    }
    return found;
  };
  const info = await withAccountPassword(
    ctx,
    opts.passwordStdin,
    {
      username: profile.username,
      purpose: 'to make a Login Key',
      example: `pass show da/admin | dactl login --rotate -p ${name} --password-stdin`,
    },
    async (password) =>
      replaceKey(ctx, store, name, await accountClient(ctx, panel, password), panel, current, {
        allowCommands,
        allowNetworks,
        expires,
        currentPassword: password,
      }),
  );
  ctx.log.success(
    `Profile "${name}" now keeps Login Key ${info.id} (expires ${shownExpiry(info)}).`,
  );
}
