import { Command } from 'commander';
import { Context } from '../../context.js';
import { notes, withExamples } from '../../help/text.js';
import { selectUsers } from './_shared/select.js';

export const deleteCommand = (): Command =>
  withExamples(
    new Command('delete')
      .alias('rm')
      .description('Delete accounts with their domains and databases, in one request')
      .argument('<name...>', 'account names')
      .addHelpText(
        'after',
        notes(
          '\nEach account’s domains and databases are listed before the question; deleting a reseller\n' +
            'also deletes every user it created. Without a terminal, --yes is required.',
        ),
      )
      .action(async (names: string[], _opts: object, command: Command) => {
        await selectUsers(Context.from(command), 'delete', names);
      }),
    'dactl user delete fred',
    'dactl user delete fred alice --yes',
    'dactl user delete fred --dry-run',
  );
