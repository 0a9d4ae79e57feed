// No value of dactl's may be empty or only blanks: every one names something (a domain, a set,
// a profile, a file, a user...) or is a number or a field, and an empty one almost always comes
// from an unset shell variable ("$SUB"). Checked for every command before its action runs, so
// before any prompt and before anything is sent.
import type { Command } from 'commander';
import { UsageError } from './errors.js';

const blank = (value: unknown): boolean => typeof value === 'string' && value.trim() === '';

const hint = 'An empty value usually comes from an unset shell variable; nothing was sent.';

/** Throws exit 2 naming the first option or argument of `action` whose value is blank. */
export function refuseBlankValues(action: Command): void {
  for (let command: Command | null = action; command; command = command.parent) {
    const values = command.opts();
    for (const option of command.options) {
      const given: unknown = values[option.attributeName()];
      if ([given].flat().some(blank)) {
        throw new UsageError(`${option.long ?? option.short ?? option.name()} is empty.`, hint);
      }
    }
  }
  action.registeredArguments.forEach((argument, i) => {
    if ([action.processedArgs[i] as unknown].flat().some(blank)) {
      throw new UsageError(`The argument <${argument.name()}> is empty.`, hint);
    }
  });
}
