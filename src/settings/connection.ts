// Settings precedence (design.md): flag > environment > the selected profile > the current
// profile > built-in default. With DACTL_URL, DACTL_USERNAME and DACTL_PASSWORD set, no profile
// file is read at all.
import { UsageError } from '../errors.js';
import type { Context } from '../context.js';
import type { Profile } from './store.js';
import { accountName, checkFlag, panelUrl, profileName } from './validate.js';

export interface Connection {
  /** The profile used, if any. */
  profile?: string;
  profileData?: Profile;
  url: string;
  username: string;
  as?: string;
  caCert?: string;
  insecure: boolean;
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
    timeoutMs: ctx.timeoutMs ?? defaultTimeoutMs,
  };
}

/** How errors name the login: 'profile "prod"' or 'DACTL_URL'. */
export const describeSource = (c: Connection): string =>
  c.profile ? `profile "${c.profile}"` : 'the DACTL_URL environment';
