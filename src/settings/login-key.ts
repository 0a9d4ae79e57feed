// A profile's Login Key (dactl login): how it is named, generated and dated, and the reminder a
// key close to its expiry prints on every run.
import { randomBytes } from 'node:crypto';
import { UsageError } from '../errors.js';
import { spanMs } from '../validate/time.js';

/** What a profile keeps about its key; the key itself is the profile's password. */
export interface LoginKeyInfo {
  id: string;
  /** ISO date-time, or absent for a key that never expires. */
  expires?: string;
  /** Empty: every command. */
  commands: string[];
  /** Empty: every network. */
  networks: string[];
}

const day = 86_400_000;
const reminderDays = 14;

/** 256 random bits as 43 characters of base64url, with the character classes policies want. */
export function generateKey(): string {
  for (;;) {
    const key = randomBytes(32).toString('base64url');
    if (/[a-z]/.test(key) && /[A-Z]/.test(key) && /[0-9]/.test(key)) return key;
  }
}

/** `dactl-panel-example-com-20261123-3f9a1c`: host and date, and a random tail so keys made the
 * same day (a rotation, a second login) never share an id. */
export function keyId(url: string, now: Date): string {
  const host = new URL(url).hostname.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const date = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `dactl-${host}-${date}-${randomBytes(3).toString('hex')}`;
}

/** `--expires 90d` / `12w` / `never` → the ISO date-time, or undefined for never. */
export function expiryOf(text: string, now: Date): string | undefined {
  if (text === 'never') return undefined;
  const days = (spanMs(text, 'dw') ?? 0) / day;
  if (days < 1 || days > 3660) {
    throw new UsageError(
      `--expires "${text}": give a number of days or weeks (90d, 12w, at most 10 years), or never.`,
    );
  }
  return new Date(now.getTime() + days * day).toISOString();
}

/** The one-line reminder for a key expiring within reminderDays, or undefined. */
export function expiryReminder(
  profile: string,
  key: LoginKeyInfo,
  now = Date.now(),
): string | undefined {
  if (key.expires === undefined) return undefined;
  const left = Date.parse(key.expires) - now;
  if (Number.isNaN(left) || left > reminderDays * day) return undefined;
  if (left <= 0) {
    return `The Login Key of profile "${profile}" has expired; make a new one with "dactl login -p ${profile}".`;
  }
  const days = Math.ceil(left / day);
  return `The Login Key of profile "${profile}" expires in ${String(days)} day${days === 1 ? '' : 's'}; renew it with "dactl login --rotate -p ${profile}".`;
}

/** Said on every run while a profile names a key an interrupted run may have left (pendingKey). */
export const pendingReminder = (profile: string, id: string): string =>
  `Login Key ${id} may be left on the panel by an interrupted "dactl login" of profile "${profile}": ` +
  `"dactl login --rotate -p ${profile}" or "dactl logout -p ${profile}" deletes it, or delete it in the panel (Login Keys page).`;
