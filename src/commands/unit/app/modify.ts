import { Command } from 'commander';
import { modifyAppRequest } from '../../../api/unit.js';
import { liveName } from '../../../unit/names.js';
import { DRY_RUN } from '../../../context.js';
import { LeafCommand } from '../../../command.js';
import { UsageError } from '../../../errors.js';
import { jsonDiff } from '../../../unit/diff.js';
import { applySets, parseSet } from '../../../unit/set-path.js';
import { normaliseNumbers } from '../../../unit/validate.js';
import { notes, withExamples } from '../../../help/text.js';
import { editDefinition } from './_shared/compose.js';
import {
  actingUser,
  checkAppName,
  checkDefinition,
  collect,
  domainOf,
  readDefinitionFile,
  printResult,
  sendChange,
  showDiff,
  storedApp,
  sure,
} from './_shared/shared.js';

interface ModifyOptions {
  domain?: string;
  set?: string[];
  file?: string;
  edit?: boolean;
}

export const modifyCommand = (): Command =>
  withExamples(
    new LeafCommand('modify')
      .description('Change an application: shows the change as a diff and asks before sending')
      .argument('<name>', 'application name')
      .option('--domain <domain>', 'the domain the application belongs to')
      .option(
        '--set <key.path=value>',
        'change one member; the value is JSON when it parses as JSON, null removes it (repeatable)',
        collect,
      )
      .option('--file <f>', 'replace the whole definition with this JSON file, or - for stdin')
      .option('--edit', 'open the current definition in $VISUAL / $EDITOR (vi)')
      .addHelpText(
        'after',
        notes(
          '\nAt a terminal the change is confirmed first (--yes skips that); nothing is sent when\n' +
            'the definition does not change.',
        ),
      )
      .act(async (ctx, name: string, opts: ModifyOptions) => {
        checkAppName(name);
        const domain = await domainOf(ctx, opts.domain);
        const sets = (opts.set ?? []).map(parseSet);
        if (sets.length === 0 && opts.file === undefined && !opts.edit) {
          throw new UsageError(
            'Nothing to change: give --set key.path=value, --file <f> or --edit.',
            `See the current definition with: dactl unit app show ${name} --domain ${domain}`,
          );
        }
        const user = await actingUser(ctx);
        const unitName = liveName(domain, name);
        const current = normaliseNumbers(await storedApp(ctx, domain, name, user));
        const base = opts.file === undefined ? current : await readDefinitionFile(ctx, opts.file);
        const changed = applySets(base, sets);
        const next = checkDefinition(
          opts.edit
            ? await editDefinition(ctx, changed, `${unitName}.json`, sets.length > 0, user)
            : changed,
          sets.length > 0,
          user,
        );

        const diff = await jsonDiff(current, next);
        if (diff.length === 0) {
          ctx.log.info('No changes; nothing sent.');
          return;
        }
        showDiff(ctx, `Changes to ${unitName}:`, diff);
        // Cron and scripts chose their change with flags; only a person is asked.
        if (ctx.interactive) {
          await ctx.prompts.confirm({
            message: `Apply these changes to ${unitName}?`,
            flag: '--yes',
            yes: sure(ctx),
          });
        }
        const said = await sendChange(ctx, modifyAppRequest(domain, name, next), {
          domain,
          user,
          what: 'the application change',
          check: `dactl unit app show ${name} --domain ${domain}`,
        });
        if (said === DRY_RUN) return;
        ctx.log.success(`Modified ${unitName} (the panel said: ${said}).`);
        await printResult(ctx, { name, domain, unitName }, next);
      }),
    'dactl unit app modify app --domain fred.example --set processes.max=8 --set limits.timeout=60',
    'dactl unit app modify app --domain fred.example --set environment.NODE_ENV=staging --yes',
    'dactl unit app modify app --domain fred.example --edit',
    'dactl unit app show app --domain fred.example -o json > app.json && $EDITOR app.json && dactl unit app modify app --domain fred.example --file app.json',
  );
