import { Command } from 'commander';
import { withExamples } from '../../help/text.js';
import { listCommand } from './list.js';
import { pathCommand } from './path.js';

export const auditCommand = (): Command =>
  withExamples(
    new Command('audit')
      .description('The trail of every change this user’s dactl sent, and how each ended')
      .addCommand(listCommand())
      .addCommand(pathCommand()),
    'dactl audit list --since 2h',
    'dactl audit path',
  );
