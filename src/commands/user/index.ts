import { Command } from 'commander';
import { withExamples } from '../../help/text.js';
import { createCommand } from './create.js';
import { deleteCommand } from './delete.js';
import { suspendCommand } from './suspend.js';
import { unsuspendCommand } from './unsuspend.js';

export const userCommand = (): Command =>
  withExamples(
    new Command('user')
      .description('Create, suspend, unsuspend and delete hosting accounts (admin or reseller)')
      .addCommand(createCommand())
      .addCommand(suspendCommand())
      .addCommand(unsuspendCommand())
      .addCommand(deleteCommand()),
    'dactl user create --username fred --email fred@example.com --domain fred.example --package bronze --ip 192.0.2.10 --generate-password',
    'dactl user suspend fred --yes',
  );
