import { Argument, Command } from 'commander';
import { LeafCommand } from '../../command.js';
import { checkFlag, profileName } from '../../settings/validate.js';
import { withExamples } from '../help.js';
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
