import { Command } from 'commander';
import { Context } from '../context.js';
import { profilesCommand } from '../completion/model.js';

/** Hidden: the completion scripts run it to offer profile names. Never fails loudly. */
export const completeProfilesCommand = (): Command =>
  new Command(profilesCommand).action(async (_opts: object, command: Command) => {
    const ctx = Context.from(command);
    try {
      const store = await ctx.profiles();
      for (const name of store.names()) ctx.out.line(name);
    } catch {
      // A completion must not print errors into the user's command line.
    }
  });
