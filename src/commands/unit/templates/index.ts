import { Command } from 'commander';
import { listCommand } from './list.js';

export const templatesCommand = (): Command =>
  new Command('templates')
    .description('Templates that pre-fill application and route definitions')
    .addCommand(listCommand());
