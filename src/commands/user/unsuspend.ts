import { Command } from 'commander';
import { notes, withExamples } from '../../help/text.js';
import { selectUsers } from './_shared/select.js';
import { LeafCommand } from '../../command.js';

export const unsuspendCommand = (): Command =>
  withExamples(
    new LeafCommand('unsuspend')
      .description('Unsuspend accounts, in one request (asks first unless --yes)')
      .argument('<name...>', 'account names')
      .addHelpText('after', notes('\nWithout a terminal, --yes is required.'))
      .act(async (ctx, names: string[]) => {
        await selectUsers(ctx, 'unsuspend', names);
      }),
    'dactl user unsuspend fred',
    'dactl user unsuspend fred alice --yes -o json',
  );
