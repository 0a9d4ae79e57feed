import { Command } from 'commander';
import { deleteCommand } from './delete.js';
import { editCommand } from './edit.js';
import { listCommand } from './list.js';
import { setCommand } from './set.js';
import { showCommand } from './show.js';
import { validateCommand } from './validate.js';

export const routeCommand = (): Command =>
  new Command('route')
    .description(
      'Unit routes of a domain and its subdomains (user level; an admin adds --as <user>)',
    )
    .addCommand(listCommand())
    .addCommand(showCommand())
    .addCommand(setCommand())
    .addCommand(editCommand())
    .addCommand(validateCommand())
    .addCommand(deleteCommand());
