import { Argument, Command } from 'commander';
import { moveNames } from '../../completion/names-cache.js';
import { checkFlag, profileName } from '../../validate/settings.js';
import { withExamples } from '../../help/text.js';
import { LeafCommand } from '../../command.js';
import { completeWith } from '../../completion/values.js';

export const removeCommand = (): Command =>
  withExamples(
    new LeafCommand('remove')
      .alias('rm')
      .description('Delete a saved profile and its stored secret (asks first unless --yes)')
      .addArgument(completeWith(new Argument('<name>', 'profile name'), { source: 'profiles' }))
      .local()
      .act(async (ctx, name: string) => {
        checkFlag('profile name', name, profileName);
        const store = await ctx.profiles();
        store.get(name);
        await ctx.prompts.confirm({
          message: `Remove profile "${name}"?`,
          flag: '--yes',
          yes: ctx.options.yes === true,
        });
        await store.remove(name);
        moveNames(ctx.io.env, name);
        ctx.log.success(`Removed profile "${name}".`);
      }),
    'dactl profile remove old-server',
    'dactl profile remove old-server --yes',
  );
