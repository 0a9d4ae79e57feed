import { Argument, Command } from 'commander';
import { checkFlag, profileName } from '../../validate/settings.js';
import { withExamples } from '../../help/text.js';
import { LeafCommand } from '../../command.js';
import { completeWith } from '../../completion/values.js';

export const useCommand = (): Command =>
  withExamples(
    new LeafCommand('use')
      .description('Make a profile the current one')
      .addArgument(completeWith(new Argument('<name>', 'profile name'), { source: 'profiles' }))
      .local()
      .act(async (ctx, name: string) => {
        checkFlag('profile name', name, profileName);
        const store = await ctx.profiles();
        await store.use(name);
        ctx.log.success(`Now using profile "${name}".`);
      }),
    'dactl profile use prod',
  );
