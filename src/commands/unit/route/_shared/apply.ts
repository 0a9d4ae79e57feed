// The end of `set` and `edit`: the change as a diff, nothing sent when there is none, the ACME
// reminder, a confirmation at a terminal, then set_route.
import { setRouteRequest } from '../../../../api/unit-routes.js';
import { DRY_RUN, type Context } from '../../../../context.js';
import { jsonDiff } from '../../../../unit/diff.js';
import { acmeReminder, sendsEverythingToApp } from '../../../../unit/route-view.js';
import { sendChange, showDiff, sure, type SetTarget } from './shared.js';

export async function applyRoute(
  ctx: Context,
  target: SetTarget,
  user: string,
  current: readonly unknown[],
  next: unknown[],
): Promise<void> {
  const { set, domain, subdomain } = target;
  const diff = await jsonDiff(current, next);
  if (diff.length === 0) {
    ctx.log.info(`No changes to the route of ${set}; nothing sent.`);
    return;
  }
  showDiff(ctx, `Changes to the route of ${set}:`, diff);
  if (sendsEverythingToApp(next)) ctx.log.info(acmeReminder);
  if (next.length === 0) {
    ctx.log.warn(
      `An empty route answers every request for ${set} with 404; "dactl unit route delete" removes the set instead.`,
    );
  }
  // Cron and scripts chose the route with flags; only a person is asked.
  if (ctx.interactive) {
    await ctx.prompts.confirm({
      message: `Set this route for ${set}?`,
      flag: '--yes',
      yes: sure(ctx),
    });
  }
  const said = await sendChange(ctx, setRouteRequest(domain, subdomain, next), {
    domain,
    user,
    what: 'the route change',
    check: `dactl unit route show --domain ${domain}${subdomain === undefined ? '' : ` --subdomain ${subdomain}`}`,
  });
  if (said === DRY_RUN) return;
  ctx.log.success(`Set the route of ${set} (the panel said: ${said}).`);
  if (ctx.format !== 'table') {
    const row = { set, domain, subdomain: subdomain ?? '' };
    await ctx.out.record(
      row,
      [
        { key: 'set', header: 'Set' },
        { key: 'domain', header: 'Domain' },
        { key: 'subdomain', header: 'Subdomain' },
      ],
      { data: { set, domain, subdomain: subdomain ?? null, route: next } },
    );
  }
}
