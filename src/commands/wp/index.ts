import { Command } from 'commander';
import { withExamples } from '../../help/text.js';
import { installCommand } from './install.js';

export const wpCommand = (): Command =>
  withExamples(
    new Command('wp').description('WordPress sites of a user').addCommand(installCommand()),
    'dactl wp install --as fred --domain fred.example --title Blog --admin-name fred --admin-email fred@example.com --generate-password',
  );
