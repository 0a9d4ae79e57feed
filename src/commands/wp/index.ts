import { Command } from 'commander';
import { installCommand } from './install.js';

export const wpCommand = (): Command =>
  new Command('wp').description('WordPress sites of a user').addCommand(installCommand());
