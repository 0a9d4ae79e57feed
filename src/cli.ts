// Builds the commander program: global options (design.md) and the command groups.
import { Command, Option } from 'commander';
import pkg from '../package.json' with { type: 'json' };
import { apiCommand } from './commands/api.js';
import { completeProfilesCommand } from './commands/complete-profiles.js';
import { completionCommand } from './commands/completion.js';
import { dbCommand } from './commands/db/index.js';
import { helpCommand } from './commands/help-topics.js';
import { profileCommand } from './commands/profile/index.js';
import { sandboxCommand } from './commands/sandbox.js';
import { unitCommand } from './commands/unit/index.js';
import { userCommand } from './commands/user/index.js';
import { usersCommand } from './commands/users/index.js';
import { whoamiCommand } from './commands/whoami.js';
import { wpCommand } from './commands/wp/index.js';
import { formats } from './output/writer.js';

const precedence = `
Settings come from, in order: flags, then the environment (DACTL_PROFILE, DACTL_URL,
DACTL_USERNAME, DACTL_PASSWORD, DACTL_AS, DACTL_NO_INPUT, DACTL_CONFIG_DIR, NO_COLOR), then the
selected profile, then the current profile. With DACTL_URL, DACTL_USERNAME and DACTL_PASSWORD set,
no profile is needed.

Examples:
  $ dactl sandbox                       # a local panel to try dactl against
  $ dactl profile add prod --url https://panel.example.com:2222 --username admin
  $ dactl users list -o json
  $ dactl db list --as fred`;

export function buildProgram(): Command {
  const program = new Command('dactl')
    .description('Drive a DirectAdmin panel from a terminal, a script or cron.')
    .version(pkg.version, '-V, --version', 'print the dactl version')
    .option('-p, --profile <name>', 'use this saved profile')
    .option('--as <user>', 'act as this user (an admin or reseller impersonating)')
    .addOption(new Option('-o, --output <format>', 'output format').choices(formats))
    .option('--json', 'same as -o json')
    .option('--no-color', 'no colour (also NO_COLOR)')
    .option('-q, --quiet', 'print only data, warnings and errors')
    .option('--debug', 'trace HTTP requests on stderr (secrets redacted)')
    .option('--no-input', 'never prompt (also DACTL_NO_INPUT, CI, or no terminal)')
    .option('-y, --yes', 'answer yes to confirmations')
    .option('--dry-run', 'print the requests a change would send, and send nothing')
    .option('--timeout <seconds>', 'give up on a request after this long (default 60)')
    .option('--ca-cert <file>', 'trust this PEM certificate for the panel')
    .option('--insecure', 'do not check the panel certificate (warns on every run)')
    .addHelpText('after', precedence)
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .showHelpAfterError('(run with --help for usage)');

  for (const command of [
    profileCommand(),
    whoamiCommand(),
    usersCommand(),
    userCommand(),
    dbCommand(),
    wpCommand(),
    unitCommand(),
    apiCommand(),
    sandboxCommand(),
    completionCommand(),
  ]) {
    program.addCommand(command);
  }
  program.addCommand(completeProfilesCommand(), { hidden: true });
  // Our own help command, so it can also show topics (commander's would only show commands).
  program.helpCommand(false).addCommand(helpCommand());
  return program;
}
