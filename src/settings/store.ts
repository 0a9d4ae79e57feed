// Saved connection profiles in <config dir>/config.json: the file 0600 in a 0700 directory,
// because it may hold a password. Reading is a plain JSON read; conf (and the schema library
// it loads) comes in only to write, so commands that merely use a profile start fast. Every
// write re-reads the file under a lock, so concurrent writers each keep their change.
import { chmodSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { NotFoundError, UsageError } from '../errors.js';
import { parseJson } from '../json/parse.js';
import { checkConfigDir, codeOf, ensureDir, fsProblem, readProfileFile } from './files.js';
import type { PinnedCert } from '../http/pin.js';
import type { LoginKeyInfo } from './login-key.js';

export interface Profile {
  url: string;
  username: string;
  /** Stored secret (a Login Key is recommended); absent when a command or the environment gives it. */
  password?: string;
  /** Run at each use; its stdout is the secret. */
  passwordCommand?: string;
  caCert?: string;
  insecure?: boolean;
  as?: string;
  /** The Login Key `dactl login` made; the key itself is `password`. */
  loginKey?: LoginKeyInfo;
  /**
   * A key of this account that may still be live on the panel though the profile does not use
   * it: recorded before a new key is made and before an old one is deleted, so a run killed in
   * between leaves it named. Every run warns; the next login, rotation or logout deletes it.
   */
  pendingKey?: string;
  /** Made by `dactl sandbox`, which replaces only profiles marked so. */
  sandbox?: boolean;
  /** A self-signed certificate the user accepted: the only one trusted for this panel. */
  pinnedCert?: PinnedCert;
}

interface StoreData {
  current?: string;
  profiles: Record<string, Profile>;
}

export class ProfileStore {
  private constructor(
    private data: StoreData,
    readonly dir: string,
    readonly path: string,
  ) {}

  /**
   * Reads the store (an absent file is an empty store). A directory or file another user owns
   * or can write is refused; `warn` hears about a file others can read.
   */
  static open(dir: string, warn: (message: string) => void): ProfileStore {
    const path = join(dir, 'config.json');
    checkConfigDir(dir);
    return new ProfileStore(read(path, warn), dir, path);
  }

  get current(): string | undefined {
    return this.data.current;
  }

  names(): string[] {
    return Object.keys(this.data.profiles).sort();
  }

  find(name: string): Profile | undefined {
    return Object.hasOwn(this.data.profiles, name) ? this.data.profiles[name] : undefined;
  }

  get(name: string): Profile {
    return profileIn(this.data, name);
  }

  async save(name: string, profile: Profile, makeCurrent: boolean): Promise<void> {
    await this.update((data) => ({
      current: makeCurrent || !data.current ? name : data.current,
      profiles: { ...data.profiles, [name]: profile },
    }));
  }

  /**
   * Profiles whose names are chosen from the file as it is under the lock (`dactl sandbox` picks
   * names no profile of the user's holds), in one write; `makeCurrent`: the first becomes the
   * current profile when there is none.
   */
  async saveChosen(
    choose: (existing: Readonly<Record<string, Profile>>) => Record<string, Profile>,
    makeCurrent: boolean,
  ): Promise<void> {
    await this.update((data) => {
      const chosen = choose(data.profiles);
      const current = data.current ?? (makeCurrent ? Object.keys(chosen)[0] : undefined);
      return { ...(current ? { current } : {}), profiles: { ...data.profiles, ...chosen } };
    });
  }

  /** Reads the file again: another run may have changed it since (under withKeyLock). */
  reload(): void {
    this.data = read(this.path, () => undefined);
  }

  async use(name: string): Promise<void> {
    this.get(name);
    await this.update((data) => {
      profileIn(data, name);
      return { ...data, current: name };
    });
  }

  async remove(name: string): Promise<void> {
    await this.update((data) => {
      if (!Object.hasOwn(data.profiles, name))
        throw new NotFoundError(`There is no profile named "${name}".`);
      const profiles = { ...data.profiles };
      Reflect.deleteProperty(profiles, name);
      const current = data.current === name ? undefined : data.current;
      return current ? { profiles, current } : { profiles };
    });
  }

  /**
   * Gives profile `from` the name `to`, current pointer included; an existing `to` is never
   * overwritten. The renamed profile is the user's: `dactl sandbox` no longer replaces it.
   */
  async rename(from: string, to: string): Promise<Profile> {
    let moved: Profile | undefined;
    await this.update((data) => {
      const profile = profileIn(data, from);
      if (Object.hasOwn(data.profiles, to)) {
        throw new UsageError(
          `There is already a profile named "${to}"; nothing was changed.`,
          `Pick another name, or remove it first: dactl profile remove ${to}.`,
        );
      }
      moved = { ...profile };
      delete moved.sandbox;
      const profiles: Record<string, Profile> = {};
      // The same place in the file: the names keep their order.
      for (const [name, p] of Object.entries(data.profiles)) {
        profiles[name === from ? to : name] = name === from ? moved : p;
      }
      const current = data.current === from ? to : data.current;
      return current === undefined ? { profiles } : { profiles, current };
    });
    return moved as Profile;
  }

  /**
   * Read-modify-write under a lock (proper-lockfile: a `config.json.lock` directory, taken over
   * when a killed writer left it stale), written through conf's atomic rename, mode 0600.
   */
  private async update(change: (data: StoreData) => StoreData): Promise<void> {
    ensureDir(this.dir);
    // proper-lockfile is CommonJS: its functions hang off the default export once bundled.
    const [{ default: Conf }, { default: lockfile }] = await Promise.all([
      import('conf'),
      import('proper-lockfile'),
    ]);
    let release: () => Promise<void>;
    try {
      release = await lockfile.lock(this.path, {
        realpath: false,
        stale: staleLockMs,
        retries: { retries: 60, factor: 1.3, minTimeout: 20, maxTimeout: 250 },
        // A lock taken over while held means this run stalled for seconds; its write still
        // lands whole (the rename is atomic), so there is nothing to undo.
        onCompromised: () => undefined,
      });
    } catch (error) {
      throw codeOf(error) === 'ELOCKED'
        ? busy(this.path)
        : fsProblem(error, this.dir, 'write in', 'directory');
    }
    try {
      removeLeftovers(this.dir);
      const data = change(read(this.path, () => undefined));
      try {
        const conf = new Conf<StoreData>({
          cwd: this.dir,
          configName: 'config',
          projectName: 'dactl',
          configFileMode: 0o600,
          clearInvalidConfig: false,
          defaults: { profiles: {} },
        });
        conf.store = data;
        // conf only sets the mode when it creates the file; an existing one may be wider.
        chmodSync(this.path, 0o600);
      } catch (error) {
        throw fsProblem(error, this.path, 'write', 'file');
      }
      this.data = data;
    } finally {
      await release().catch(() => undefined);
    }
  }
}

/** A lock untouched for this long is a killed writer's (a live one refreshes it every half). */
const staleLockMs = 5000;

const busy = (path: string): UsageError =>
  new UsageError(
    `Another dactl is still writing ${path}.`,
    'Try again in a moment; a lock left by a killed process is taken over after a few seconds.',
  );

/** conf's temporary files (`config.json.tmp-…`) from a writer killed before its rename. */
function removeLeftovers(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('config.json.tmp-')) rmSync(join(dir, name), { force: true });
  }
}

function profileIn(data: StoreData, name: string): Profile {
  const profile = Object.hasOwn(data.profiles, name) ? data.profiles[name] : undefined;
  if (!profile) {
    const known = Object.keys(data.profiles).sort();
    throw new UsageError(
      `There is no profile named "${name}".`,
      known.length
        ? `Known profiles: ${known.join(', ')}. See them with "dactl profile list".`
        : 'Add one with "dactl profile add <name> --url <url> --username <user>".',
    );
  }
  return profile;
}

function read(path: string, warn: (message: string) => void): StoreData {
  const text = readProfileFile(path, warn);
  if (text === undefined) return { profiles: {} };
  const parsed = parseJson(text);
  if (!parsed.ok) throw unreadable(path, parsed.error.message);
  const data = parsed.value;
  if (!isStoreData(data))
    throw unreadable(
      path,
      'it does not hold a "profiles" object of profiles with a url and a username',
    );
  return data;
}

function isStoreData(data: unknown): data is StoreData {
  if (typeof data !== 'object' || data === null) return false;
  const { profiles, current } = data as Record<string, unknown>;
  return (
    typeof profiles === 'object' &&
    profiles !== null &&
    !Array.isArray(profiles) &&
    Object.values(profiles).every(isProfile) &&
    (current === undefined || typeof current === 'string')
  );
}

const isProfile = (p: unknown): boolean =>
  typeof p === 'object' &&
  p !== null &&
  typeof (p as Profile).url === 'string' &&
  typeof (p as Profile).username === 'string';

const unreadable = (path: string, why: string): UsageError =>
  new UsageError(
    `The profile file ${path} cannot be read: ${why}.`,
    'Fix or remove the file, then add the profiles again.',
  );
