import { Argument, Command } from 'commander';
import { LeafCommand } from '../../command.js';
import { UsageError } from '../../errors.js';
import { checkFlag, profileName } from '../../validate/settings.js';
import { withExamples } from '../../help/text.js';
import { profileFields, viewOf } from './_shared/view.js';
import { completeWith } from '../../completion/values.js';

export const showCommand = (): Command =>
  withExamples(
    new LeafCommand('show')
      .description('Show one profile (default: the current one)')
      .addArgument(completeWith(new Argument('[name]', 'profile name'), { source: 'profiles' }))
      .local()
      .act(async (ctx, name: string | undefined) => {
        const store = await ctx.profiles();
        const chosen = name ?? ctx.options.profile ?? store.current;
        if (!chosen)
          throw new UsageError('No current profile.', 'Name one: dactl profile show <name>.');
        checkFlag('profile name', chosen, profileName);
        await ctx.out.record(viewOf(chosen, store.get(chosen), store.current), profileFields);
      }),
    'dactl profile show',
    'dactl profile show prod -o json',
  );
