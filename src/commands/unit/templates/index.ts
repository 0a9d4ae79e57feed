import { Command } from 'commander';
import { withExamples } from '../../../help/text.js';
import { listCommand } from './list.js';

export const templatesCommand = (): Command =>
  withExamples(
    new Command('templates')
      .description('Templates that pre-fill application and route definitions')
      .addCommand(listCommand()),
    'dactl unit templates list routes',
  );
