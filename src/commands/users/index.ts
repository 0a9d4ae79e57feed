import { Command } from 'commander';
import { withExamples } from '../../help/text.js';
import { listCommand } from './list.js';

export const usersCommand = (): Command =>
  withExamples(
    new Command('users')
      .description('Accounts on the server (admin or reseller)')
      .addCommand(listCommand()),
    'dactl users list',
  );
