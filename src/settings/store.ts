// Saved connection profiles in <config dir>/config.json: the file 0600 in a 0700 directory,
// because it may hold a password. Reading is a plain JSON read; conf (and the schema library
// it loads) comes in only to write, so commands that merely use a profile start fast.
import { chmodSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { NotFoundError, UsageError } from '../errors.js';

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

  /** Reads the store (an absent file is an empty store); `warn` hears about unsafe modes. */
  static open(dir: string, warn: (message: string) => void): ProfileStore {
    const path = join(dir, 'config.json');
    warnIfExposed(path, warn);
    return new ProfileStore(read(path), dir, path);
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
    const profile = this.find(name);
    if (!profile) {
      const known = this.names();
      throw new UsageError(
        `There is no profile named "${name}".`,
        known.length
          ? `Known profiles: ${known.join(', ')}. See them with "dactl profile list".`
          : 'Add one with "dactl profile add <name> --url <url> --username <user>".',
      );
    }
    return profile;
  }

  async save(name: string, profile: Profile, makeCurrent: boolean): Promise<void> {
    const current = makeCurrent || !this.current ? name : this.current;
    await this.write({ current, profiles: { ...this.data.profiles, [name]: profile } });
  }

  async use(name: string): Promise<void> {
    this.get(name);
    await this.write({ ...this.data, current: name });
  }

  async remove(name: string): Promise<void> {
    if (!this.find(name)) throw new NotFoundError(`There is no profile named "${name}".`);
    const profiles = { ...this.data.profiles };
    Reflect.deleteProperty(profiles, name);
    const current = this.current === name ? undefined : this.current;
    await this.write(current ? { profiles, current } : { profiles });
  }

  /** Writes through conf: atomically, with the file mode set. */
  private async write(data: StoreData): Promise<void> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const { default: Conf } = await import('conf');
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
    this.data = data;
  }
}

function read(path: string): StoreData {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { profiles: {} };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw unreadable(path, error instanceof Error ? error.message : String(error));
  }
  if (!isStoreData(data)) throw unreadable(path, 'it does not hold a "profiles" object');
  return data;
}

function isStoreData(data: unknown): data is StoreData {
  if (typeof data !== 'object' || data === null) return false;
  const { profiles, current } = data as Record<string, unknown>;
  return (
    typeof profiles === 'object' &&
    profiles !== null &&
    !Array.isArray(profiles) &&
    (current === undefined || typeof current === 'string')
  );
}

const unreadable = (path: string, why: string): UsageError =>
  new UsageError(
    `The profile file ${path} cannot be read: ${why}.`,
    'Fix or remove the file, then add the profiles again.',
  );

function warnIfExposed(path: string, warn: (message: string) => void): void {
  try {
    if ((statSync(path).mode & 0o077) !== 0) {
      warn(`${path} can be read by other users; run: chmod 600 ${path}`);
    }
  } catch {
    // No file yet: nothing to warn about.
  }
}
