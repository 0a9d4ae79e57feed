// The account and domain names a profile's last listing returned, kept so that completion can
// offer them after --as and --domain without asking the panel. One small file per profile in
// the user's cache directory, beside the code cache (<cache dir>/dactl/completion/<profile>.json):
// it is a copy of what the panel said, rebuilt by the next listing, so losing it loses nothing.
// Written under the path rule (src/trusted-path.ts): 0600 in a 0700 directory of the effective
// user's, atomically, and not at all in another user's tree (root with a user's HOME). Bounded in
// names and bytes. Nothing here ever fails a command or a completion: no names is the fallback.
import type { Context } from '../context.js';
import { parseJson } from '../json/parse.js';
import { cacheRoot } from '../launch/code-cache.js';
import { ensureTrustedDir, readTrusted, writeTrusted } from '../trusted-path.js';

const fs = process.getBuiltinModule('node:fs');
const path = process.getBuiltinModule('node:path');

export type NameKind = 'accounts' | 'domains';

/** A panel's thousands of accounts and domains fit; more is cut, never refused. */
const maxNames = 20_000;
const maxBytes = 2 * 1024 * 1024;
/** Only names a shell may take as they are (the lister prints nothing else anyway). */
const plain = /^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/;
const profilePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The file of `profile`'s names, or undefined with no cache directory (DACTL_NO_CACHE). */
function namesFile(env: NodeJS.ProcessEnv, profile: string): string | undefined {
  const root = cacheRoot(env);
  if (root === undefined || !profilePattern.test(profile)) return undefined;
  return path.join(root, 'completion', `${profile}.json`);
}

/** The names of `kind` the profile's last listing returned; [] when unknown or unreadable. */
export function cachedNames(env: NodeJS.ProcessEnv, profile: string, kind: NameKind): string[] {
  try {
    const file = namesFile(env, profile);
    const data = file === undefined ? undefined : readTrusted(file, { maxBytes });
    if (data === undefined) return [];
    const parsed = parseJson(data.toString('utf8'));
    const list = parsed.ok ? (parsed.value as Record<string, unknown> | null)?.[kind] : undefined;
    return Array.isArray(list)
      ? list.filter((n): n is string => typeof n === 'string' && plain.test(n)).slice(0, maxNames)
      : [];
  } catch {
    return [];
  }
}

/**
 * Records what a listing of the run's profile returned (a kind left out keeps its names). Runs
 * without a profile (DACTL_URL and the rest from the environment) keep nothing.
 */
export async function rememberNames(
  ctx: Context,
  names: Partial<Record<NameKind, readonly string[]>>,
): Promise<void> {
  try {
    const { profile } = await ctx.resolve();
    const file = profile === undefined ? undefined : namesFile(ctx.io.env, profile);
    if (profile === undefined || file === undefined) return;
    const kept = (kind: NameKind): string[] =>
      [...new Set((names[kind] ?? cachedNames(ctx.io.env, profile, kind)).filter(isPlain))]
        .sort()
        .slice(0, maxNames);
    const text = JSON.stringify({ accounts: kept('accounts'), domains: kept('domains') });
    if (Buffer.byteLength(text) > maxBytes) return;
    const dir = ensureTrustedDir(path.dirname(file));
    if (!ownPrivateDir(dir)) return;
    writeTrusted(path.join(dir, path.basename(file)), text, 0o600);
  } catch {
    // No names is the fallback: the listing itself has succeeded.
  }
}

const isPlain = (name: string): boolean => plain.test(name);

/** The effective user's own directory, not a link, that no one else may enter. */
function ownPrivateDir(dir: string): boolean {
  const stats = fs.lstatSync(dir);
  const uid = process.geteuid?.();
  return (
    stats.isDirectory() && (uid === undefined || (stats.uid === uid && (stats.mode & 0o077) === 0))
  );
}
