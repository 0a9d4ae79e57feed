// Hidden: the completion scripts run `dactl __complete <source> [profile]` to offer names that
// only this machine knows. It reads local files only, never asks the panel, and never fails
// loudly: a missing or broken config or cache lists nothing (or only the built-in templates),
// with exit 0. Accounts and domains are those the profile's last listing returned (the profile
// named on the command line, else DACTL_PROFILE, else the current one).
import { Command } from 'commander';
import { LeafCommand } from '../command.js';
import { completeCommandName, type Source } from '../completion/values.js';
import { configDir } from '../settings/paths.js';

export const completeCommand = (): Command =>
  new LeafCommand(completeCommandName)
    .argument('<source>', 'what to list')
    .argument('[profile]', 'whose accounts or domains')
    .local()
    .act(async ({ io }, source: string, profile: string | undefined) => {
      let names: string[] = [];
      try {
        names = await list(source as Source, () => configDir(io.env), io.env, profile);
      } catch {
        // A completion must not print errors into the user's command line.
      }
      // bash's compgen expands its word list: only plain names may reach it.
      const plain = names.filter((n) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(n));
      if (plain.length > 0) io.stdout.write(plain.join('\n') + '\n');
    });

async function list(
  source: Source,
  dir: () => string,
  env: NodeJS.ProcessEnv,
  named: string | undefined,
): Promise<string[]> {
  switch (source) {
    case 'accounts':
    case 'domains': {
      const { cachedNames } = await import('../completion/names-cache.js');
      const profile = named || env.DACTL_PROFILE || (await currentProfile(dir()));
      return profile ? cachedNames(env, profile, source) : [];
    }
    case 'profiles': {
      const { ProfileStore } = await import('../settings/store.js');
      return ProfileStore.open(dir(), () => undefined).names();
    }
    case 'app-templates':
    case 'route-templates': {
      const { loadTemplates, templateKinds } = await import('../unit/templates.js');
      const kind = source === 'app-templates' ? 'apps' : 'routes';
      try {
        return loadTemplates(kind, { configDir: dir() }).map((t) => t.name);
      } catch {
        // The user's own set is broken: the built-in ones still help.
        return Object.keys(templateKinds[kind].builtin);
      }
    }
    default:
      return [];
  }
}

async function currentProfile(dir: string): Promise<string | undefined> {
  const { ProfileStore } = await import('../settings/store.js');
  return ProfileStore.open(dir, () => undefined).current;
}
