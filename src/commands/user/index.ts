import { Command } from 'commander';
import { withExamples } from '../help.js';
import { createCommand } from './create.js';

export const userCommand = (): Command =>
  withExamples(
    new Command('user')
      .description('Create hosting accounts (admin or reseller)')
      .addCommand(createCommand()),
    'dactl user create --username fred --email fred@example.com --domain fred.example --package bronze --ip 192.0.2.10 --generate-password',
  );
