import { Command } from 'commander';
import { deleteAppsRequest, liveName } from '../../../api/unit.js';
import { Context, DRY_RUN } from '../../../context.js';
import { withExamples } from '../../help.js';
import { actingUser, checkAppName, domainOf, fetchListing, sendChange, sure } from './shared.js';

export const deleteCommand = (): Command =>
  withExamples(
    new Command('delete')
      .alias('rm')
      .description('Delete applications of a domain, in one request (asks first unless --yes)')
      .argument('<name...>', 'application names')
      .option('--domain <domain>', 'the domain the applications belong to')
      .addHelpText(
        'after',
        '\nA name missing from "unit app list" is still sent, with a warning: the panel also purges\n' +
          'applications that Unit runs but whose stored copy is gone (out of step).\n' +
          'Without a terminal, --yes is required.',
      )
      .action(async (names: string[], opts: { domain?: string }, command: Command) => {
        const ctx = Context.from(command);
        const unique = [...new Set(names)];
        unique.forEach(checkAppName);
        const domain = await domainOf(ctx, opts.domain);
        const what = `Delete ${unique.map((n) => liveName(domain, n)).join(', ')}?`;
        // Without a terminal, refuse before sending anything at all.
        if (!ctx.interactive) {
          await ctx.prompts.confirm({
            message: what,
            flag: '--yes',
            yes: sure(ctx),
          });
        }
        const user = await actingUser(ctx);
        const stored = (await fetchListing(ctx, domain, user)).applications;
        for (const name of unique.filter((n) => !Object.hasOwn(stored, n))) {
          ctx.log.warn(
            `"${name}" is not among the stored applications of ${domain}; sending it anyway, as the panel also purges applications whose stored copy is out of step.`,
          );
        }
        if (ctx.interactive) {
          await ctx.prompts.confirm({
            message: what,
            flag: '--yes',
            yes: sure(ctx),
          });
        }
        const said = await sendChange(ctx, deleteAppsRequest(domain, unique), {
          domain,
          user,
          what: 'the application deletion',
        });
        if (said === DRY_RUN) return;
        ctx.log.success(
          `Deleted ${unique.map((n) => liveName(domain, n)).join(', ')} (the panel said: ${said}).`,
        );
        if (ctx.format !== 'table') {
          await ctx.out.list(
            unique.map((name) => ({ name, unitName: liveName(domain, name) })),
            [
              { key: 'name', header: 'NAME' },
              { key: 'unitName', header: 'UNIT NAME' },
            ],
            { data: { domain, deleted: unique } },
          );
        }
      }),
    'dactl unit app delete app --domain fred.example',
    'dactl unit app delete app api --domain fred.example --yes',
    'dactl unit app delete legacy --as fred --domain fred.example --yes   # out of step: purged anyway',
  );
