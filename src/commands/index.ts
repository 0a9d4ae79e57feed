// The top-level commands, each loaded only when its name is on the command line: a run pays
// for parsing the one group it uses, not all of them (design.md, performance budgets).
import type { Command } from 'commander';
import { completeCommandName } from '../completion/values.js';

interface Group {
  name: string;
  summary: string;
  hidden?: boolean;
  load: () => Promise<Command>;
}

export const groups: Group[] = [
  {
    name: 'profile',
    summary: 'Saved connections to panels',
    load: async () => (await import('./profile/index.js')).profileCommand(),
  },
  {
    name: 'login',
    summary: 'Sign in once; dactl keeps a scoped, expiring Login Key, not the password',
    load: async () => (await import('./login.js')).loginCommand(),
  },
  {
    name: 'logout',
    summary:
      "Delete the profile's Login Key on the panel, then the profile (asks first unless --yes)",
    load: async () => (await import('./logout.js')).logoutCommand(),
  },
  {
    name: 'whoami',
    summary: 'Check the login and show the profile, server, account and whom it acts as',
    load: async () => (await import('./whoami.js')).whoamiCommand(),
  },
  {
    name: 'users',
    summary: 'Accounts on the server (admin)',
    load: async () => (await import('./users/index.js')).usersCommand(),
  },
  {
    name: 'user',
    summary: 'Create hosting accounts (admin or reseller)',
    load: async () => (await import('./user/index.js')).userCommand(),
  },
  {
    name: 'db',
    summary: 'Databases of a user',
    load: async () => (await import('./db/index.js')).dbCommand(),
  },
  {
    name: 'wp',
    summary: 'WordPress sites of a user',
    load: async () => (await import('./wp/index.js')).wpCommand(),
  },
  {
    name: 'unit',
    summary: 'Nginx Unit applications and routes of your domains (CMD_UNIT)',
    load: async () => (await import('./unit/index.js')).unitCommand(),
  },
  {
    name: 'api',
    summary: 'Call any panel endpoint (new API, legacy CMD_* or web-interface action)',
    load: async () => (await import('./api/index.js')).apiCommand(),
  },
  {
    name: 'audit',
    summary: 'The trail of every change dactl sent: who, when, where, and how it ended',
    load: async () => (await import('./audit/index.js')).auditCommand(),
  },
  {
    name: 'sandbox',
    summary: 'Start a local DirectAdmin-compatible panel with demo data, to try dactl against',
    load: async () => (await import('./sandbox/index.js')).sandboxCommand(),
  },
  {
    name: 'completion',
    summary: 'Print or install a shell completion script (bash, zsh or fish)',
    load: async () => (await import('./completion/index.js')).completionCommand(),
  },
  {
    name: 'version',
    summary: 'Print the versions of dactl and Node.js, and the platform',
    load: async () => (await import('./version.js')).versionCommand(),
  },
  {
    name: 'help',
    summary: 'Show help for a command, or a topic: environment, exit-codes, globals',
    load: async () => (await import('./help.js')).helpCommand(),
  },
  {
    name: completeCommandName,
    summary: 'List profile or template names for shell completion',
    hidden: true,
    load: async () => (await import('./complete.js')).completeCommand(),
  },
];

/**
 * Which groups a command line needs: the one it names; for `help <group>`, that group too;
 * every group for `completion`, which describes the whole tree.
 */
export function groupsNeeded(words: string[]): Set<string> {
  const [first, second] = words;
  if (first === 'completion') return new Set(groups.map((g) => g.name));
  const needed = new Set<string>();
  if (first !== undefined) needed.add(first);
  if (first === 'help' && second !== undefined) needed.add(second);
  return needed;
}
