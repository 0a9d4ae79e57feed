// What the completion scripts offer as the value of an argument or option whose values
// commander's choices cannot list: names read locally when completing, or words the code knows.
// Commands tag their arguments and options here; src/completion/model.ts reads the tags.
import type { Argument, Option } from 'commander';

/** The hidden command the scripts run to list names: `dactl __complete profiles`. */
export const completeCommandName = '__complete';

/**
 * The lists `dactl __complete <source> [profile]` prints, each read from local files only:
 * accounts and domains from what the profile's last listing returned (names-cache.ts).
 */
export type Source = 'profiles' | 'app-templates' | 'route-templates' | 'accounts' | 'domains';

export interface ValueHint {
  /** Fixed words, e.g. the help topics. */
  words?: readonly string[];
  /** Names listed at completion time by `dactl __complete <source>`. */
  source?: Source;
  /** The top-level command names as well (`dactl help <command>`). */
  commands?: boolean;
}

const hints = new WeakMap<Argument | Option, ValueHint>();

export function completeWith<T extends Argument | Option>(target: T, hint: ValueHint): T {
  hints.set(target, hint);
  return target;
}

/**
 * Every `--domain` names one of the account's domains and `--as` an account, unless tagged
 * otherwise (`user create --domain` names a new one: tagged with no words, it offers nothing).
 */
const byFlag: Readonly<Record<string, ValueHint>> = {
  '--as': { source: 'accounts' },
  '--domain': { source: 'domains' },
};

export const hintOf = (target: Argument | Option): ValueHint | undefined =>
  hints.get(target) ??
  ('long' in target && target.long !== undefined ? byFlag[target.long] : undefined);
