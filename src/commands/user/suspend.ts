import { Command } from 'commander';
import { Context } from '../../context.js';
import { notes, withExamples } from '../../help/text.js';
import { selectUsers } from './_shared/select.js';

export const suspendCommand = (): Command =>
  withExamples(
    new Command('suspend')
      .description('Suspend accounts, in one request (asks first unless --yes)')
      .argument('<name...>', 'account names')
      .addHelpText(
        'after',
        notes(
          '\nA suspended account cannot log in; its sites stop. Without a terminal, --yes is required.',
        ),
      )
      .action(async (names: string[], _opts: object, command: Command) => {
        await selectUsers(Context.from(command), 'suspend', names);
      }),
    'dactl user suspend fred',
    'dactl user suspend fred alice --yes',
    'dactl user suspend fred --dry-run',
  );
