import { Command } from 'commander';
import { Context } from '../../context.js';
import { notes, withExamples } from '../../help/text.js';
import { selectUsers } from './_shared/select.js';

export const unsuspendCommand = (): Command =>
  withExamples(
    new Command('unsuspend')
      .description('Unsuspend accounts, in one request (asks first unless --yes)')
      .argument('<name...>', 'account names')
      .addHelpText('after', notes('\nWithout a terminal, --yes is required.'))
      .action(async (names: string[], _opts: object, command: Command) => {
        await selectUsers(Context.from(command), 'unsuspend', names);
      }),
    'dactl user unsuspend fred',
    'dactl user unsuspend fred alice --yes -o json',
  );
