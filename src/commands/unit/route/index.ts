import { Command } from 'commander';
import { withExamples } from '../../../help/text.js';
import { deleteCommand } from './delete.js';
import { editCommand } from './edit.js';
import { listCommand } from './list.js';
import { setCommand } from './set.js';
import { showCommand } from './show.js';
import { validateCommand } from './validate.js';

export const routeCommand = (): Command =>
  withExamples(
    new Command('route')
      .description(
        'Unit routes of a domain and its subdomains (user level; an admin adds --as <user>)',
      )
      .addCommand(listCommand())
      .addCommand(showCommand())
      .addCommand(setCommand())
      .addCommand(editCommand())
      .addCommand(validateCommand())
      .addCommand(deleteCommand()),
    'dactl unit route show --domain fred.example --subdomain shop',
    'dactl unit route set --domain fred.example --template app --var app=api',
  );
