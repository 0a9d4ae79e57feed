import { Command } from 'commander';
import { appCommand } from './app/index.js';
import { routeCommand } from './route/index.js';
import { templatesCommand } from './templates/index.js';

export const unitCommand = (): Command =>
  new Command('unit')
    .description('Nginx Unit applications and routes of your domains (CMD_UNIT)')
    .addCommand(appCommand())
    .addCommand(routeCommand())
    .addCommand(templatesCommand());
