import { Command } from 'commander';
import { withExamples } from '../../help/text.js';
import { addCommand } from './add.js';
import { listCommand } from './list.js';
import { removeCommand } from './remove.js';
import { showCommand } from './show.js';
import { useCommand } from './use.js';

export const profileCommand = (): Command =>
  withExamples(
    new Command('profile')
      .description('Saved connections to panels')
      .addCommand(addCommand())
      .addCommand(listCommand())
      .addCommand(showCommand())
      .addCommand(useCommand())
      .addCommand(removeCommand()),
    'dactl profile add prod --url https://panel.example.com:2222 --username admin',
    'dactl profile list',
  );
