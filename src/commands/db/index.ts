import { Command } from 'commander';
import { withExamples } from '../../help/text.js';
import { listCommand } from './list.js';

export const dbCommand = (): Command =>
  withExamples(
    new Command('db').description('Databases of a user').addCommand(listCommand()),
    'dactl db list --as fred',
  );
