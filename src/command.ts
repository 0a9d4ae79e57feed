// Every command that does something is a LeafCommand: commander's Command, whose action gets the
// run's Context first (.act), and runs once per panel over a fleet (src/fleet/start.ts). A
// command that works on this machine only says so with .local(); it then refuses a fleet.
import { Command } from 'commander';
import { Context } from './context.js';
import { isFleetSelection } from './fleet/select.js';
import { ioOf } from './io.js';
import type { Format } from './output/writer.js';

export class LeafCommand extends Command {
  private localWhen: (command: this) => boolean = () => false;
  private tableless?: Format;

  /** Works on this machine (always, or when `when` says so): -p with a fleet is exit 2. */
  local(when: (command: this) => boolean = () => true): this {
    this.localWhen = when;
    return this;
  }

  /** Its data has no table (a document): `format` is printed where a table would be. */
  noTable(format: Format): this {
    this.tableless = format;
    return this;
  }

  /**
   * The action: `fn` gets the Context, then what commander passes (the arguments, the options,
   * the command), whose types each handler names (hence `never`). Over a fleet it runs once per
   * panel, each with that panel's own Context.
   */
  act(fn: (ctx: Context, ...args: never[]) => Promise<void>): this {
    return this.action(async (...args: unknown[]) => {
      const run = (): Promise<void> => fn(Context.from(this, this.tableless), ...(args as never[]));
      // `sandbox --no-profile` has a `profile` of its own, a boolean.
      const { profile, allProfiles } = this.optsWithGlobals<{
        profile?: unknown;
        allProfiles?: boolean;
      }>();
      const selection = profile ?? ioOf(this).env.DACTL_PROFILE;
      const fleet = typeof selection === 'string' && isFleetSelection(selection);
      if (allProfiles !== true && !fleet) return run();
      const { startFleet } = await import('./fleet/start.js');
      await startFleet(this, this.localWhen(this), run);
    });
  }
}
