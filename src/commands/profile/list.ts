import { Command } from 'commander';
import { withExamples } from '../../help/text.js';
import { profileColumns, viewOf } from './_shared/view.js';
import { LeafCommand } from '../../command.js';

export const listCommand = (): Command =>
  withExamples(
    new LeafCommand('list')
      .alias('ls')
      .description('List saved profiles; * marks the current one (secrets are never shown)')
      .local()
      .act(async (ctx) => {
        const store = await ctx.profiles();
        const rows = store.names().map((name) => viewOf(name, store.get(name), store.current));
        await ctx.out.list(rows, profileColumns, {
          empty:
            'No profiles yet. Add one with "dactl profile add <name> --url <url> --username <user>".',
        });
      }),
    'dactl profile list',
    'dactl profile list -o json',
  );
