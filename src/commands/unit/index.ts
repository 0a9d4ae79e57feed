import { Command } from 'commander';
import { withExamples } from '../../help/text.js';
import { appCommand } from './app/index.js';
import { applyCommand } from './apply.js';
import { doctorCommand } from './doctor.js';
import { exportCommand } from './export.js';
import { routeCommand } from './route/index.js';
import { statusCommand } from './status.js';
import { syncCommand } from './sync.js';
import { templatesCommand } from './templates/index.js';

export const unitCommand = (): Command =>
  withExamples(
    new Command('unit')
      .description('Nginx Unit applications and routes of your domains (CMD_UNIT)')
      .addCommand(appCommand())
      .addCommand(routeCommand())
      .addCommand(templatesCommand())
      .addCommand(exportCommand())
      .addCommand(applyCommand())
      .addCommand(doctorCommand())
      .addCommand(syncCommand())
      .addCommand(statusCommand()),
    'dactl unit app list --domain fred.example',
    'dactl unit route show --domain fred.example',
    'dactl unit templates list',
    'dactl unit export --domain fred.example > site.yaml',
  );
