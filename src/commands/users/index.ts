import { Command } from 'commander';
import { listCommand } from './list.js';

export const usersCommand = (): Command =>
  new Command('users').description('Accounts on the server (admin)').addCommand(listCommand());
