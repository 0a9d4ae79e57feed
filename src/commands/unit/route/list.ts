import { Command } from 'commander';
import { notes, withExamples } from '../../../help/text.js';
import { fetchListing } from '../app/_shared/shared.js';
import { actingUser, routeTarget } from './_shared/shared.js';
import { LeafCommand } from '../../../command.js';

interface Row {
  set: string;
  subdomain: string;
}

export const listCommand = (): Command =>
  withExamples(
    new LeafCommand('list')
      .alias('ls')
      .description('List the route sets of a domain: its own and its subdomains’')
      .option('--domain <domain>', 'the domain whose route sets to list')
      .addHelpText(
        'after',
        notes(
          '\nA subdomain has its own route set: the routes of a domain do not apply to it. The list\n' +
            'shows the sets the panel stores.',
        ),
      )
      .act(async (ctx, opts: { domain?: string }) => {
        const { domain } = await routeTarget(ctx, opts);
        const { routes } = await fetchListing(ctx, domain, await actingUser(ctx));
        const rows: Row[] = routes.map((set) => ({
          set,
          subdomain: set.endsWith(`.${domain}`) ? set.slice(0, -(domain.length + 1)) : '',
        }));
        await ctx.out.list(
          rows,
          [
            { key: 'set', header: 'SET' },
            { key: 'subdomain', header: 'SUBDOMAIN' },
          ],
          {
            empty: `${domain} has no route sets.`,
            data: rows.map((r) => ({ set: r.set, subdomain: r.subdomain || null })),
          },
        );
      }),
    'dactl unit route list --domain fred.example',
    'dactl unit route list --as fred --domain fred.example -o json',
  );
