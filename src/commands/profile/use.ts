import { Argument, Command } from 'commander';
import { Context } from '../../context.js';
import { checkFlag, profileName } from '../../validate/settings.js';
import { withExamples } from '../../help/text.js';
import { completeWith } from '../../completion/values.js';

export const useCommand = (): Command =>
  withExamples(
    new Command('use')
      .description('Make a profile the current one')
      .addArgument(completeWith(new Argument('<name>', 'profile name'), { source: 'profiles' }))
      .action(async (name: string, _opts: object, command: Command) => {
        const ctx = Context.from(command);
        checkFlag('profile name', name, profileName);
        const store = await ctx.profiles();
        await store.use(name);
        ctx.log.success(`Now using profile "${name}".`);
      }),
    'dactl profile use prod',
  );
