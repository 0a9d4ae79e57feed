// Saved connection profiles, kept with conf in <config dir>/config.json: the file 0600 in a
// 0700 directory, because it may hold a password.
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type Conf from 'conf';
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
    private readonly conf: Conf<StoreData>,
    readonly path: string,
  ) {}

  /** Opens (and on first write creates) the store; `warn` hears about unsafe file modes. */
  static async open(dir: string, warn: (message: string) => void): Promise<ProfileStore> {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, 'config.json');
    warnIfExposed(path, warn);
    const { default: ConfClass } = await import('conf');
    try {
      const conf = new ConfClass<StoreData>({
        cwd: dir,
        configName: 'config',
        projectName: 'dactl',
        configFileMode: 0o600,
        clearInvalidConfig: false,
        defaults: { profiles: {} },
      });
      return new ProfileStore(conf, path);
    } catch (error) {
      throw new UsageError(
        `The profile file ${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
        'Fix or remove the file, then add the profiles again.',
      );
    }
  }

  get current(): string | undefined {
    return this.conf.get('current');
  }

  names(): string[] {
    return Object.keys(this.conf.get('profiles')).sort();
  }

  find(name: string): Profile | undefined {
    return this.conf.get('profiles')[name];
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

  save(name: string, profile: Profile, makeCurrent: boolean): void {
    const profiles = { ...this.conf.get('profiles'), [name]: profile };
    const current = makeCurrent || !this.current ? name : this.current;
    this.conf.store = { profiles, current };
    chmodSync(this.path, 0o600);
  }

  use(name: string): void {
    this.get(name);
    this.conf.set('current', name);
  }

  remove(name: string): void {
    if (!this.find(name)) throw new NotFoundError(`There is no profile named "${name}".`);
    const profiles = { ...this.conf.get('profiles') };
    Reflect.deleteProperty(profiles, name);
    const current = this.current === name ? undefined : this.current;
    this.conf.store = current ? { profiles, current } : { profiles };
  }
}

function warnIfExposed(path: string, warn: (message: string) => void): void {
  try {
    if ((statSync(path).mode & 0o077) !== 0) {
      warn(`${path} can be read by other users; run: chmod 600 ${path}`);
    }
  } catch {
    // No file yet: nothing to warn about.
  }
}
