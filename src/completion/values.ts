// What the completion scripts offer as the value of an argument or option whose values
// commander's choices cannot list: names read locally when completing, or words the code knows.
// Commands tag their arguments and options here; src/completion/model.ts reads the tags.
import type { Argument, Option } from 'commander';

/** The hidden command the scripts run to list names: `dactl __complete profiles`. */
export const completeCommandName = '__complete';

/** The lists `dactl __complete <source>` prints, each read from local files only. */
export const sources = ['profiles', 'app-templates', 'route-templates'] as const;
export type Source = (typeof sources)[number];

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

export const hintOf = (target: Argument | Option): ValueHint | undefined => hints.get(target);
