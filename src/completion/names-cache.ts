// The account and domain names a profile's last listing returned, kept so that completion can
// offer them after --as and --domain without asking the panel. One small file per profile in
// the user's cache directory, beside the code cache (<cache dir>/dactl/completion/<profile>.json):
// it is a copy of what the panel said, rebuilt by the next listing, so losing it loses nothing.
// Written under the path rule (src/trusted-path.ts): 0600 in a 0700 directory of the effective
// user's, atomically, and not at all in another user's tree (root with a user's HOME). Bounded in
// names and bytes. Nothing here ever fails a command or a completion: no names is the fallback.
import type { Context } from '../context.js';
import { parseJson } from '../json/parse.js';
import { getOwn, isRecord } from '../json/record.js';
import { cacheRoot } from '../launch/code-cache.js';
import {
  ensureTrustedDir,
  ownPrivateDir,
  readTrusted,
  trustedDir,
  writeTrusted,
} from '../trusted-path.js';

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

/** The names the profile's last listings returned, by kind; {} when unknown or unreadable. */
function readNames(file: string | undefined): Partial<Record<NameKind, string[]>> {
  try {
    const data = file === undefined ? undefined : readTrusted(file, { maxBytes });
    if (data === undefined) return {};
    const parsed = parseJson(data.toString('utf8'));
    const kept = parsed.ok && isRecord(parsed.value) ? parsed.value : {};
    const list = (kind: NameKind): string[] => {
      const names = getOwn(kept, kind);
      return Array.isArray(names)
        ? names.filter((n): n is string => typeof n === 'string' && isPlain(n)).slice(0, maxNames)
        : [];
    };
    return { accounts: list('accounts'), domains: list('domains') };
  } catch {
    return {};
  }
}

/** The names of `kind` the profile's last listing returned; [] when unknown or unreadable. */
export function cachedNames(env: NodeJS.ProcessEnv, profile: string, kind: NameKind): string[] {
  return readNames(namesFile(env, profile))[kind] ?? [];
}

/**
 * Records what a listing of the run's profile returned (a kind left out keeps its names). Runs
 * without a profile (DACTL_URL and the rest from the environment) keep nothing, and names the
 * file holds already are not written again: a listing in a loop costs no write.
 */
export async function rememberNames(
  ctx: Context,
  names: Partial<Record<NameKind, readonly string[]>>,
): Promise<void> {
  try {
    const { profile } = await ctx.resolve();
    const file = profile === undefined ? undefined : namesFile(ctx.io.env, profile);
    if (file === undefined) return;
    const before = readNames(file);
    const kept = (kind: NameKind): string[] =>
      [...new Set((names[kind] ?? before[kind] ?? []).filter(isPlain))].sort().slice(0, maxNames);
    const after = { accounts: kept('accounts'), domains: kept('domains') };
    if (sameNames(before, after)) return;
    const text = JSON.stringify(after);
    if (Buffer.byteLength(text) > maxBytes) return;
    const dir = ensureTrustedDir(path.dirname(file));
    if (!ownPrivateDir(dir)) return;
    writeTrusted(path.join(dir, path.basename(file)), text, 0o600);
  } catch {
    // No names is the fallback: the listing itself has succeeded.
  }
}

const sameNames = (
  before: Partial<Record<NameKind, string[]>>,
  after: Record<NameKind, string[]>,
): boolean =>
  (['accounts', 'domains'] as const).every(
    (kind) => before[kind]?.join('\n') === after[kind].join('\n'),
  );

/**
 * A renamed profile's names go with it (`to`); a removed one's are deleted (`to` undefined), so
 * a new profile of that name never offers another panel's accounts. Only inside the private
 * directory of the effective user's (no one else can put a link there), and never failing.
 */
export function moveNames(env: NodeJS.ProcessEnv, from: string, to?: string): void {
  try {
    const file = namesFile(env, from);
    const dir = file === undefined ? undefined : trustedDir(path.dirname(file));
    if (file === undefined || dir === undefined || !ownPrivateDir(dir)) return;
    const old = path.join(dir, path.basename(file));
    const target = to === undefined ? undefined : namesFile(env, to);
    if (target === undefined) fs.unlinkSync(old);
    else fs.renameSync(old, path.join(dir, path.basename(target)));
  } catch {
    // Nothing kept, or nothing to move: the next listing rebuilds it.
  }
}

const isPlain = (name: string): boolean => plain.test(name);
