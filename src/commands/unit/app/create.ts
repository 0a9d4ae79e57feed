import { Command, Option } from 'commander';
import { createAppRequest } from '../../../api/unit.js';
import { liveName } from '../../../unit/names.js';
import { DRY_RUN } from '../../../context.js';
import { LeafCommand } from '../../../command.js';
import { PanelError } from '../../../errors.js';
import { appName } from '../../../unit/names.js';
import { parseSet } from '../../../unit/set-path.js';
import { notes, withExamples } from '../../../help/text.js';
import { composeDefinition, type ComposeOptions } from './_shared/compose.js';
import {
  actingUser,
  checkAppName,
  checkDefinition,
  collect,
  domainOf,
  printResult,
  sendChange,
} from './_shared/shared.js';
import { completeWith } from '../../../completion/values.js';

interface CreateOptions extends ComposeOptions {
  domain?: string;
  set?: string[];
}

export const createCommand = (): Command =>
  withExamples(
    new LeafCommand('create')
      .description('Create a Unit application from a template, a file or your editor')
      .argument(
        '[name]',
        'application name (letters, digits, "-", "_"); Unit calls it <domain>_<name>',
      )
      .option('--domain <domain>', 'the domain the application belongs to')
      .addOption(
        completeWith(
          new Option(
            '--template <name>',
            'start from this template (see: dactl unit templates list)',
          ),
          { source: 'app-templates' },
        ),
      )
      .option('--template-file <file>', 'also read application templates from this file')
      .option('--dir <appdir>', 'application directory, relative to /home/<user>/domains/<domain>/')
      .option(
        '--entry <file>',
        "entry script, relative to the application directory (default: the template's)",
      )
      .option(
        '--set <key.path=value>',
        'change one member; the value is JSON when it parses as JSON (repeatable)',
        collect,
      )
      .option('--file <f>', 'the whole definition from a JSON file, or - for stdin')
      .option('--edit', 'open the definition in $VISUAL / $EDITOR (vi) before sending')
      .addHelpText(
        'after',
        notes(
          '\nUpload the application first: its directory and entry script must exist in\n' +
            '/home/<user>/domains/<domain>/<appdir>, owned by the user (the entry executable where the\n' +
            'language needs it). At a terminal, a missing domain, name, template, directory or entry is\n' +
            'asked for.',
        ),
      )
      .act(async (ctx, given: string | undefined, opts: CreateOptions) => {
        const asked = {
          message: 'Application name',
          flag: '<name> (dactl unit app create <name>)',
          validate: appName,
        };
        if (given === undefined) ctx.prompts.require(asked);
        else checkAppName(given);
        const domain = await domainOf(ctx, opts.domain);
        const name = given ?? (await ctx.prompts.text(asked));
        const sets = (opts.set ?? []).map(parseSet);
        const user = await actingUser(ctx);
        const app = checkDefinition(
          await composeDefinition(ctx, opts, { name, domain, user }, sets),
          sets.length > 0,
          user,
        );
        const unitName = liveName(domain, name);
        const said = await sendChange(
          ctx,
          createAppRequest(domain, name, app),
          {
            domain,
            user,
            what: 'the application creation',
            check: `dactl unit app show ${name} --domain ${domain}`,
          },
          (error) => explainCreateError(error, domain, user),
        );
        if (said === DRY_RUN) return;
        ctx.log.success(`Created ${unitName} (the panel said: ${said}).`);
        await printResult(ctx, { name, domain, unitName }, app);
      }),
    'dactl unit app create   # at a terminal: asks for the name, the domain and the rest',
    'dactl unit app create api --domain fred.example --template python --dir api',
    'dactl unit app create app --domain fred.example --template nodejs --dir app --entry server.js --set processes.max=8',
    'dactl unit app create app --domain fred.example --file app.json',
    'dactl unit app show app --domain fred.example -o json | dactl unit app create app2 --domain fred.example --file -',
    'dactl unit app create shop --domain fred.example --template php --dir shop --edit',
    'dactl unit app create api --as fred --domain fred.example --template python --dir api   # an admin for fred',
  );

/**
 * A refused creation is most often an application not uploaded yet (spec 2.4, 7); a name that
 * is taken (409) wants another name or `modify` instead.
 */
function explainCreateError(error: unknown, domain: string, user: string): unknown {
  if (!(error instanceof PanelError)) return error;
  const hint =
    error.status === 409
      ? `Pick another name, or change the existing one with dactl unit app modify --domain ${domain}.`
      : `Upload the application first: its directory and entry script must exist below /home/${user}/domains/${domain}/, owned by ${user} (executable where the language needs it).`;
  return new PanelError(error.message, hint, error.status, error.type);
}
