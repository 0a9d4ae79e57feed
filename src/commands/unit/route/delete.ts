import { Command } from 'commander';
import { checkUnitReply, unitError } from '../../../api/unit.js';
import { deleteRoutesRequest } from '../../../api/unit-routes.js';
import { Context, DRY_RUN } from '../../../context.js';
import { NotFoundError, PanelError, UsageError } from '../../../errors.js';
import { withExamples } from '../../help.js';
import { fetchListing } from '../app/shared.js';
import { report, type Outcome } from './outcomes.js';
import {
  actingUser,
  fetchSettings,
  routeTarget,
  subdomainLabel,
  sure,
  type SetTarget,
} from './shared.js';

/** `fred.example`, `shop` or `shop.fred.example` → the set it names. */
function setOf(domain: string, name: string): SetTarget {
  if (name === domain) return { domain, set: domain };
  const label = subdomainLabel(domain, name);
  if (typeof label !== 'string') throw new UsageError(`Route set "${name}": ${label.problem}.`);
  return { domain, subdomain: label, set: `${label}.${domain}` };
}

export const deleteCommand = (): Command =>
  withExamples(
    new Command('delete')
      .alias('rm')
      .description('Delete route sets of a domain, in one request (asks first unless --yes)')
      .argument(
        '[set...]',
        'the domain itself, or a subdomain as shop or shop.<domain> (default: the domain)',
      )
      .option('--domain <domain>', 'the parent domain of the sets')
      .addHelpText(
        'after',
        '\nThe panel first clears each route from Unit. When that fails, it keeps the local copy\n' +
          '(reported as kept; exit 5); when the live route was already gone, it removes the copy\n' +
          'anyway. -o json gives each set’s outcome. Without a terminal, --yes is required.',
      )
      .action(async (names: string[], opts: { domain?: string }, command: Command) => {
        const ctx = Context.from(command);
        const { domain } = await routeTarget(ctx, opts);
        const named = (names.length > 0 ? names : [domain]).map((n) => setOf(domain, n));
        const targets = [...new Map(named.map((t) => [t.set, t])).values()];
        const sets = targets.map((t) => t.set);
        const question = `Delete the route set${sets.length > 1 ? 's' : ''} ${sets.join(', ')}?`;
        // Without a terminal, refuse before sending anything at all.
        if (!ctx.interactive)
          await ctx.prompts.confirm({ message: question, flag: '--yes', yes: sure(ctx) });
        const user = await actingUser(ctx);
        const stored = new Set((await fetchListing(ctx, domain, user)).routes);
        const live = new Map<string, boolean>();
        for (const t of targets)
          live.set(t.set, (await fetchSettings(ctx, t, user)).route.length > 0);
        const missing = sets.filter((s) => !stored.has(s) && live.get(s) !== true);
        if (missing.length > 0) {
          throw new NotFoundError(
            `${domain} has no route set ${missing.join(', ')}.`,
            `See its route sets with: dactl unit route list --domain ${domain}`,
          );
        }
        if (ctx.interactive)
          await ctx.prompts.confirm({ message: question, flag: '--yes', yes: sure(ctx) });

        let refusal: PanelError | undefined;
        try {
          const reply = await ctx.change(deleteRoutesRequest(domain, sets));
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
    'dactl unit route delete --domain fred.example',
    'dactl unit route delete shop --domain fred.example --yes',
    'dactl unit route delete fred.example shop.fred.example --domain fred.example --yes -o json',
  );
