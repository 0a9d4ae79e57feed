// Settings precedence (design.md): flag > environment > the selected profile > the current
// profile > built-in default. With DACTL_URL, DACTL_USERNAME and DACTL_PASSWORD set, no profile
// file is read at all. A profile's secret belongs to its URL: DACTL_URL naming another panel
// leaves the profile out entirely, so its password, command, key and settings go nowhere else.
import { UsageError } from '../errors.js';
import type { Context } from '../context.js';
import type { PinnedCert } from '../http/pin.js';
import type { Profile } from './store.js';
import { accountName, checkFlag, panelUrl, profileName } from '../validate/settings.js';

export interface Connection {
  /** The profile used, if any. */
  profile?: string;
  profileData?: Profile;
  url: string;
  username: string;
  as?: string;
  caCert?: string;
  insecure: boolean;
  /** The profile's pinned certificate (http/pin.ts). */
  pin?: PinnedCert;
  timeoutMs: number;
}

export const defaultTimeoutMs = 60_000;

export async function resolveConnection(ctx: Context): Promise<Connection> {
  const { options, io } = ctx;
  const env = io.env;
  const selected = options.profile ?? (env.DACTL_PROFILE || undefined);
  if (selected !== undefined)
    checkFlag(options.profile ? '--profile' : 'DACTL_PROFILE', selected, profileName);

  let name: string | undefined;
  let profile: Profile | undefined;
  const envOnly = selected === undefined && Boolean(env.DACTL_URL) && Boolean(env.DACTL_USERNAME);
  if (!envOnly) {
    const store = await ctx.profiles();
    name = selected ?? store.current;
    if (name !== undefined) profile = store.get(name);
  }
  if (env.DACTL_URL && profile && name !== undefined) {
    const wanted = new URL(checkFlag('DACTL_URL', env.DACTL_URL, panelUrl)).origin;
    const saved = new URL(checkFlag('the profile URL', profile.url, panelUrl)).origin;
    if (wanted !== saved) {
      foreignPanel(env, `profile "${name}" (${saved})`, wanted);
      name = undefined;
      profile = undefined;
    }
  }

  const url = env.DACTL_URL || profile?.url;
  const username = env.DACTL_USERNAME || profile?.username;
  if (!url || !username) {
    throw new UsageError(
      'No panel to talk to: no profile is selected and DACTL_URL / DACTL_USERNAME are not set.',
      'Add one with "dactl profile add <name> --url https://panel.example.com:2222 --username <user>", ' +
        'or try dactl against its own sandbox: "dactl sandbox".',
    );
  }
  checkFlag(env.DACTL_URL ? 'DACTL_URL' : 'the profile URL', url, panelUrl);
  checkFlag(env.DACTL_USERNAME ? 'DACTL_USERNAME' : 'the profile username', username, accountName);
  const as = options.as ?? (env.DACTL_AS || undefined) ?? profile?.as;
  if (as !== undefined) checkFlag(options.as ? '--as' : 'DACTL_AS', as, accountName);

  return {
    profile: name,
    profileData: profile,
    url,
    username,
    as,
    caCert: options.caCert ?? profile?.caCert,
    insecure: options.insecure ?? profile?.insecure ?? false,
    pin: options.caCert === undefined ? profile?.pinnedCert : undefined,
    timeoutMs: ctx.timeoutMs ?? defaultTimeoutMs,
  };
}

/** DACTL_URL is another panel than the profile's: its login must come from the environment. */
function foreignPanel(env: NodeJS.ProcessEnv, profile: string, wanted: string): void {
  const missing = ['DACTL_USERNAME', 'DACTL_PASSWORD'].filter((v) => !env[v]);
  if (missing.length === 0) return;
  throw new UsageError(
    `DACTL_URL (${wanted}) is not the panel of ${profile}, whose password goes only to its own ` +
      `panel; ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set. Nothing was sent.`,
    `Set DACTL_USERNAME and DACTL_PASSWORD for ${wanted}, or unset DACTL_URL to use the profile.`,
  );
}

/** How errors name the login: 'profile "prod"' or 'DACTL_URL'. */
export const describeSource = (c: Connection): string =>
  c.profile ? `profile "${c.profile}"` : 'the DACTL_URL environment';
