import { Command } from 'commander';
import { withExamples } from '../../help/text.js';
import { addCommand } from './add.js';
import { editCommand } from './edit.js';
import { listCommand } from './list.js';
import { removeCommand } from './remove.js';
import { renameCommand } from './rename.js';
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
      .addCommand(renameCommand())
      .addCommand(editCommand())
      .addCommand(removeCommand()),
    'dactl profile add prod --url https://panel.example.com:2222 --username admin',
    'dactl profile list',
    'dactl profile rename panel.example.com prod',
    'dactl profile edit prod --url https://panel.example.net:2222',
  );
