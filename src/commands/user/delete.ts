import { Command } from 'commander';
import { notes, withExamples } from '../../help/text.js';
import { selectUsers } from './_shared/select.js';
import { LeafCommand } from '../../command.js';

export const deleteCommand = (): Command =>
  withExamples(
    new LeafCommand('delete')
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
      .act(async (ctx, names: string[]) => {
        await selectUsers(ctx, 'delete', names);
      }),
    'dactl user delete fred',
    'dactl user delete fred alice --yes',
    'dactl user delete fred --dry-run',
  );
