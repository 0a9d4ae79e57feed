import { Command } from 'commander';
import { withExamples } from '../../../help/text.js';
import { createCommand } from './create.js';
import { deleteCommand } from './delete.js';
import { listCommand } from './list.js';
import { modifyCommand } from './modify.js';
import { restartCommand } from './restart.js';
import { showCommand } from './show.js';

export const appCommand = (): Command =>
  withExamples(
    new Command('app')
      .description('Unit applications of a domain (user level; an admin adds --as <user>)')
      .addCommand(listCommand())
      .addCommand(showCommand())
      .addCommand(createCommand())
      .addCommand(modifyCommand())
      .addCommand(deleteCommand())
      .addCommand(restartCommand()),
    'dactl unit app list --domain fred.example',
    'dactl unit app create api --domain fred.example --template python --dir api',
    'sudo dactl unit app restart app --domain fred.example   # on the panel’s server',
  );
