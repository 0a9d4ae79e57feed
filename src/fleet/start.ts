// Turns a command into a fleet run when -p/DACTL_PROFILE names a list or a glob, or with
// --all-profiles: the command's own action then runs once per panel (src/fleet/run.ts).
// Loaded only then, by Context.action.
import type { Command } from 'commander';
import { Context, type GlobalOptions } from '../context.js';
import { UsageError } from '../errors.js';
import { ioOf } from '../io.js';
import { runFleet } from './run.js';
import { isFleetSelection, selectProfiles } from './select.js';

interface FleetOptions extends GlobalOptions {
  allProfiles?: boolean;
  parallel?: string;
  sort?: string;
}

/** The largest --parallel: more sockets than that only queue up behind each other. */
const maxParallel = 256;

/**
 * Runs `act` once per selected panel (Context.action calls this when -p, DACTL_PROFILE or
 * --all-profiles names a fleet). A local command runs once, unless the flags ask for a fleet.
 */
export async function startFleet(
  command: Command,
  local: boolean,
  act: () => Promise<void>,
): Promise<void> {
  const options = command.optsWithGlobals<FleetOptions>();
  const io = ioOf(command);
  if (local) {
    // DACTL_PROFILE may name a fleet for the panel commands; this one ignores it.
    if (!options.allProfiles && !isFleetSelection(options.profile)) return act();
    const words: string[] = [];
    for (let c = command; c.parent; c = c.parent) words.unshift(c.name());
    throw new UsageError(
      `dactl ${words.join(' ')} works on this machine: it does not run over a fleet.`,
    );
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
  await runFleet(base, { profiles, parallel, sorted: options.sort === 'profile' }, act);
}
