import { Command } from 'commander';
import { notes, withExamples } from '../../help/text.js';
import { selectUsers } from './_shared/select.js';
import { LeafCommand } from '../../command.js';

export const suspendCommand = (): Command =>
  withExamples(
    new LeafCommand('suspend')
      .description('Suspend accounts, in one request (asks first unless --yes)')
      .argument('<name...>', 'account names')
      .addHelpText(
        'after',
        notes(
          '\nA suspended account cannot log in; its sites stop. Without a terminal, --yes is required.',
        ),
      )
      .act(async (ctx, names: string[]) => {
        await selectUsers(ctx, 'suspend', names);
      }),
    'dactl user suspend fred',
    'dactl user suspend fred alice --yes',
    'dactl user suspend fred --dry-run',
  );
