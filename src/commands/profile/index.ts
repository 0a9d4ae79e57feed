import { Command } from 'commander';
import { addCommand } from './add.js';
import { listCommand } from './list.js';
import { removeCommand } from './remove.js';
import { showCommand } from './show.js';
import { useCommand } from './use.js';

export const profileCommand = (): Command =>
  new Command('profile')
    .description('Saved connections to panels')
    .addCommand(addCommand())
    .addCommand(listCommand())
    .addCommand(showCommand())
    .addCommand(useCommand())
    .addCommand(removeCommand());
