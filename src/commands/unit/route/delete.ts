import { Command } from 'commander';
import { LeafCommand } from '../../../command.js';
import { checkUnitReply, unitError } from '../../../api/unit.js';
import { deleteRoutesRequest } from '../../../api/unit-routes.js';
import { Context, DRY_RUN } from '../../../context.js';
import { NotFoundError, PanelError, UsageError } from '../../../errors.js';
import { notes, withExamples } from '../../../help/text.js';
import { fetchListing } from '../app/_shared/shared.js';
import { report, type Outcome } from './_shared/outcomes.js';
import {
  actingUser,
  fetchSettings,
  routeTarget,
  subdomainLabel,
  sure,
  type SetTarget,
} from './_shared/shared.js';

/** `fred.example`, `shop` or `shop.fred.example` → the set it names. */
function setOf(ctx: Context, domain: string, name: string): SetTarget {
  if (name.toLowerCase() === domain) return { domain, set: domain };
  const label = subdomainLabel(ctx, domain, name);
  if (typeof label !== 'string') throw new UsageError(`Route set "${name}": ${label.problem}.`);
  return { domain, subdomain: label, set: `${label}.${domain}` };
}

export const deleteCommand = (): Command =>
  withExamples(
    new LeafCommand('delete')
      .alias('rm')
      .description('Delete route sets of a domain, in one request (asks first unless --yes)')
      .argument(
        '[set...]',
        'the sets to delete: the domain itself for its own set, a subdomain as shop or shop.<domain>',
      )
      .option('--domain <domain>', 'the parent domain of the sets')
      .addHelpText(
        'after',
        notes(
          '\nEvery set is named, the domain’s own set too (by the domain): an empty or missing name\n' +
            'never means "the domain". The panel first clears each route from Unit. When that fails,\n' +
            'it keeps the local copy (reported as kept); when the live route was already gone, it\n' +
            'removes the copy anyway. A set that does not exist is reported and not sent. When some\n' +
            'sets went and others did not, the run ends with exit 7; when none went, with exit 5\n' +
            '(kept) or 4 (none exists). -o json gives each set’s outcome. Without a terminal,\n' +
            '--yes is required.',
        ),
      )
      .act(async (ctx, names: string[], opts: { domain?: string }) => {
        if (names.length === 0) {
          const d = opts.domain ?? '<domain>';
          throw new UsageError(
            'Name the route sets to delete.',
            `The domain’s own set is named by the domain: dactl unit route delete ${d} --domain ${d}; a subdomain’s as shop or shop.${d}.`,
          );
        }
        const { domain } = await routeTarget(ctx, opts);
        const named = names.map((n) => setOf(ctx, domain, n));
        const targets = [...new Map(named.map((t) => [t.set, t])).values()];
        const question = (sets: readonly string[]): string =>
          `Delete the route set${sets.length > 1 ? 's' : ''} ${sets.join(', ')}?`;
        const confirm = (sets: readonly string[]) =>
          ctx.prompts.confirm({ message: question(sets), flag: '--yes', yes: sure(ctx) });
        // Without a terminal, refuse before sending anything at all.
        if (!ctx.interactive) await confirm(targets.map((t) => t.set));
        const user = await actingUser(ctx);
        const stored = new Set((await fetchListing(ctx, domain, user)).routes);
        const live = new Map<string, boolean>();
        for (const t of targets)
          live.set(t.set, (await fetchSettings(ctx, t, user)).route.length > 0);
        const exists = (set: string): boolean => stored.has(set) || live.get(set) === true;
        const present = targets.filter((t) => exists(t.set));
        const missing = targets.filter((t) => !exists(t.set)).map((t) => t.set);
        if (present.length === 0) {
          throw new NotFoundError(
            `${domain} has no route set ${missing.join(', ')}.`,
            `See its route sets with: dactl unit route list --domain ${domain}`,
          );
        }
        const sets = present.map((t) => t.set);
        if (ctx.interactive) await confirm(sets);

        let refusal: PanelError | undefined;
        try {
          const reply = await ctx.change(deleteRoutesRequest(domain, sets), {
            check: `check with "dactl unit route list --domain ${domain}"`,
          });
          if (reply === DRY_RUN) return;
          checkUnitReply(reply, 'the route deletion');
        } catch (error) {
          // The panel answered: what it did is read back below, set by set.
          if (!(error instanceof PanelError)) throw unitError(error, domain, user);
          refusal = error;
        }
        const after = new Set((await fetchListing(ctx, domain, user)).routes);
        const outcomes: Outcome[] = [];
        for (const t of targets) {
          const { set } = t;
          if (!exists(set)) {
            outcomes.push({ set, outcome: 'not-found' });
            continue;
          }
          let kept = after.has(set);
          // A set Unit ran without a local copy: only Unit can tell whether it is gone.
          if (!kept && refusal !== undefined && !stored.has(set)) {
            kept = (await fetchSettings(ctx, t, user)).route.length > 0;
          }
          outcomes.push({
            set,
            outcome: kept ? 'kept' : live.get(set) === true ? 'removed' : 'removed-local',
          });
        }
        await report(ctx, domain, outcomes, refusal);
      }),
    'dactl unit route delete fred.example --domain fred.example',
    'dactl unit route delete shop --domain fred.example --yes',
    'dactl unit route delete fred.example shop.fred.example --domain fred.example --yes -o json',
  );
