import { Command } from 'commander';
import { listCommand } from './list.js';

export const dbCommand = (): Command =>
  new Command('db').description('Databases of a user').addCommand(listCommand());
