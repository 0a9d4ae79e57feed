// What profile list and show print: never the secret itself, only where it comes from.
import type { Column } from '../../../output/writer.js';
import type { Profile } from '../../../settings/store.js';

interface ProfileView {
  name: string;
  current: boolean;
  url: string;
  username: string;
  as: string | null;
  secret: 'stored' | 'command' | 'none';
  caCert: string | null;
  insecure: boolean;
  /** The SHA-256 fingerprint of the pinned certificate. */
  pinnedCert: string | null;
  /** The Login Key dactl login made: its id, commands, networks and expiry, never the key. */
  loginKey: { id: string; commands: string[]; networks: string[]; expires: string | null } | null;
}

export function viewOf(name: string, profile: Profile, current: string | undefined): ProfileView {
  return {
    name,
    current: name === current,
    url: profile.url,
    username: profile.username,
    as: profile.as ?? null,
    secret: profile.passwordCommand ? 'command' : profile.password ? 'stored' : 'none',
    caCert: profile.caCert ?? null,
    insecure: profile.insecure ?? false,
    pinnedCert: profile.pinnedCert?.sha256 ?? null,
    loginKey: profile.loginKey
      ? {
          id: profile.loginKey.id,
          commands: profile.loginKey.commands,
          networks: profile.loginKey.networks,
          expires: profile.loginKey.expires ?? null,
        }
      : null,
  };
}

const orDash = (v: unknown): string => (typeof v === 'string' && v !== '' ? v : '-');

export const profileColumns: Column<ProfileView>[] = [
  { key: 'current', header: ' ', show: (v) => (v ? '*' : ' ') },
  { key: 'name', header: 'NAME' },
  { key: 'url', header: 'URL' },
  { key: 'username', header: 'USERNAME' },
  { key: 'as', header: 'AS', show: orDash },
  { key: 'secret', header: 'SECRET' },
];

export const profileFields: Column<ProfileView>[] = [
  { key: 'name', header: 'Name' },
  { key: 'current', header: 'Current' },
  { key: 'url', header: 'URL' },
  { key: 'username', header: 'Username' },
  { key: 'as', header: 'Acts as', show: orDash },
  { key: 'secret', header: 'Secret' },
  { key: 'caCert', header: 'CA certificate', show: orDash },
  {
    key: 'insecure',
    header: 'Insecure',
    show: (v) => (v ? 'yes (certificate not checked)' : 'no'),
  },
  { key: 'pinnedCert', header: 'Pinned certificate', show: orDash },
  { key: 'loginKey', header: 'Login Key', show: (v) => showKey(v as ProfileView['loginKey']) },
];

function showKey(key: ProfileView['loginKey']): string {
  if (key === null) return '-';
  const all = (list: string[]) => (list.length ? list.join(', ') : 'all');
  return `${key.id}, expires ${key.expires ?? 'never'}; commands: ${all(key.commands)}; networks: ${all(key.networks)}`;
}
