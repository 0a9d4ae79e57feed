import { Command } from 'commander';
import { LeafCommand } from '../../command.js';
import { withExamples } from '../help.js';
import { profileColumns, viewOf } from './view.js';

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
