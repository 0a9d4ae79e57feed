// Turns a command into a fleet run when -p/DACTL_PROFILE names a list or a glob, or with
// --all-profiles: the command's own action then runs once per panel (src/fleet/run.ts).
import type { Command } from 'commander';
import { completeCommandName } from '../completion/values.js';
import { Context, type GlobalOptions } from '../context.js';
import { UsageError } from '../errors.js';
import { ioOf } from '../io.js';
import { runFleet } from './run.js';
import { isFleetSelection, selectProfiles } from './select.js';

export interface FleetOptions extends GlobalOptions {
  allProfiles?: boolean;
  parallel?: string;
  sort?: string;
}

/** Commands that work on this machine only: a profile selection means nothing to them. */
const local = new Set([
  ...['profile', 'audit', 'sandbox', 'completion', 'help', 'version'],
  completeCommandName,
]);

/** Subcommands of a panel group that work on this machine (`unit doctor` unless --remote). */
const localLeaf = (action: Command, remote: boolean): boolean => {
  const path = `${action.parent?.name() ?? ''} ${action.name()}`;
  return (
    ['unit sync', 'unit status', 'app restart', 'templates list'].includes(path) ||
    (path === 'unit doctor' && !remote)
  );
};

/** The largest --parallel: more sockets than that only queue up behind each other. */
const maxParallel = 256;

/**
 * Makes `action` run over the selected panels. Commander calls the command's action handler
 * after its preAction hooks, so the handler is swapped for one that runs it per panel.
 */
export async function startFleet(action: Command): Promise<void> {
  let top = action;
  while (top.parent?.parent) top = top.parent;
  const options = action.optsWithGlobals<FleetOptions>();
  const io = ioOf(action);
  const remote = action.opts<{ remote?: boolean }>().remote ?? false;
  if (local.has(top.name()) || localLeaf(action, remote)) {
    if (options.allProfiles || isFleetSelection(options.profile)) {
      const words: string[] = [];
      for (let c = action; c.parent; c = c.parent) words.unshift(c.name());
      throw new UsageError(
        `dactl ${local.has(top.name()) ? top.name() : words.join(' ')} works on this machine: it does not run over a fleet.`,
      );
    }
    return;
  }
  for (const name of ['DACTL_URL', 'DACTL_USERNAME', 'DACTL_PASSWORD']) {
    if (io.env[name]) {
      throw new UsageError(
        `${name} is set: a fleet run takes each panel's login from its own profile only.`,
        `Unset ${name} (and the other DACTL_ login variables) to run over several profiles.`,
      );
    }
  }
  const parallel = Number(options.parallel ?? '8');
  if (!Number.isInteger(parallel) || parallel < 1 || parallel > maxParallel) {
    throw new UsageError(
      `--parallel "${options.parallel ?? ''}": must be a whole number from 1 to ${maxParallel}.`,
    );
  }
  const base = new Context({ ...options, profile: undefined }, io);
  const saved = (await base.profiles()).names();
  let profiles = saved;
  if (options.allProfiles) {
    if (options.profile !== undefined) {
      throw new UsageError('Give either -p/--profile or --all-profiles, not both.');
    }
    if (saved.length === 0) {
      throw new UsageError(
        '--all-profiles: no profile is saved.',
        'Add one with "dactl profile add".',
      );
    }
  } else {
    const flag = options.profile !== undefined ? '--profile' : 'DACTL_PROFILE';
    profiles = selectProfiles(options.profile ?? io.env.DACTL_PROFILE ?? '', saved, flag);
  }
  const handler = Reflect.get(action, '_actionHandler') as (args: unknown[]) => Promise<unknown>;
  Reflect.set(action, '_actionHandler', async (args: unknown[]) =>
    runFleet(base, { profiles, parallel, sorted: options.sort === 'profile' }, () =>
      Promise.resolve(handler.call(action, args)),
    ),
  );
}
