import { Command } from 'commander';
import { createCommand } from './create.js';

export const userCommand = (): Command =>
  new Command('user')
    .description('Create hosting accounts (admin or reseller)')
    .addCommand(createCommand());
