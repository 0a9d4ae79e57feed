import { Command } from 'commander';
import { deleteAppsRequest } from '../../../api/unit.js';
import { liveName } from '../../../unit/names.js';
import { LeafCommand } from '../../../command.js';
import { Context, DRY_RUN } from '../../../context.js';
import { notes, withExamples } from '../../../help/text.js';
import {
  actingUser,
  checkAppName,
  domainOf,
  fetchListing,
  sendChange,
  sure,
} from './_shared/shared.js';

export const deleteCommand = (): Command =>
  withExamples(
    new LeafCommand('delete')
      .alias('rm')
      .description('Delete applications of a domain, in one request (asks first unless --yes)')
      .argument('<name...>', 'application names')
      .option('--domain <domain>', 'the domain the applications belong to')
      .addHelpText(
        'after',
        notes(
          '\nEvery name is sent, also one missing from "unit app list": the panel does not check for a\n' +
            'stored copy, so it also purges what Unit runs without one (out of step). Such a name is\n' +
            'reported as purged if Unit had it; only a refusal by the panel fails the run. Without a\n' +
            'terminal, --yes is required.',
        ),
      )
      .act(async (ctx, names: string[], opts: { domain?: string }) => {
        const unique = [...new Set(names)];
        unique.forEach(checkAppName);
        const domain = await domainOf(ctx, opts.domain);
        // Without a terminal, refuse before sending anything at all.
        if (!ctx.interactive) await confirm(ctx, domain, unique, []);
        const user = await actingUser(ctx);
        // The stored copies say which names the panel surely deletes; the others it purges from
        // Unit if Unit runs them, which only Unit knows (spec 4.3 rule 1).
        const stored = (await fetchListing(ctx, domain, user)).applications;
        const uncopied = unique.filter((n) => !Object.hasOwn(stored, n));
        if (ctx.interactive) await confirm(ctx, domain, unique, uncopied);
        const said = await sendChange(ctx, deleteAppsRequest(domain, unique), {
          domain,
          user,
          what: 'the application deletion',
          check: `dactl unit app list --domain ${domain}`,
        });
        if (said === DRY_RUN) return;
        const copied = unique.filter((n) => !uncopied.includes(n));
        const live = (these: readonly string[]) => these.map((n) => liveName(domain, n)).join(', ');
        ctx.log.success(
          copied.length > 0
            ? `Deleted ${live(copied)} (the panel said: ${said}).`
            : `The panel said: ${said}.`,
        );
        for (const name of uncopied) {
          ctx.log.info(`${liveName(domain, name)}: ${purged}.`);
        }
        if (ctx.format !== 'table') {
          await ctx.out.list(
            unique.map((name) => ({
              name,
              unitName: liveName(domain, name),
              outcome: uncopied.includes(name) ? 'purged-if-live' : 'deleted',
            })),
            [
              { key: 'name', header: 'NAME' },
              { key: 'unitName', header: 'UNIT NAME' },
              { key: 'outcome', header: 'OUTCOME' },
            ],
          );
        }
      }),
    'dactl unit app delete app --domain fred.example',
    'dactl unit app delete app api --domain fred.example --yes',
    'dactl unit app delete legacy --as fred --domain fred.example --yes   # out of step: purged anyway',
  );

const purged = 'purged if the live server had it; no local copy';

/** Asks first; names without a stored copy are marked, so nobody is surprised by the outcome. */
function confirm(
  ctx: Context,
  domain: string,
  names: readonly string[],
  uncopied: readonly string[],
): Promise<void> {
  const shown = names.map(
    (n) => `${liveName(domain, n)}${uncopied.includes(n) ? ' (no local copy)' : ''}`,
  );
  return ctx.prompts.confirm({
    message: `Delete ${shown.join(', ')}?`,
    flag: '--yes',
    yes: sure(ctx),
  });
}
