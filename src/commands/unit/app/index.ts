import { Command } from 'commander';
import { createCommand } from './create.js';
import { deleteCommand } from './delete.js';
import { listCommand } from './list.js';
import { modifyCommand } from './modify.js';
import { showCommand } from './show.js';

export const appCommand = (): Command =>
  new Command('app')
    .description('Unit applications of a domain (user level; an admin adds --as <user>)')
    .addCommand(listCommand())
    .addCommand(showCommand())
    .addCommand(createCommand())
    .addCommand(modifyCommand())
    .addCommand(deleteCommand());
