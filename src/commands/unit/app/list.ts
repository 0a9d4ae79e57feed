import { Command } from 'commander';
import { Context } from '../../../context.js';
import type { Column } from '../../../output/writer.js';
import { appRow, type AppRow } from '../../../unit/app-view.js';
import { normaliseNumbers } from '../../../unit/validate.js';
import { notes, withExamples } from '../../help.js';
import { actingUser, domainOf, fetchListing } from './shared.js';

export const appColumns: Column<AppRow>[] = [
  { key: 'name', header: 'NAME' },
  { key: 'type', header: 'TYPE' },
  { key: 'entry', header: 'ENTRY OR PATH' },
  { key: 'processes', header: 'PROCESSES' },
  { key: 'timeout', header: 'TIMEOUT', align: 'right' },
];

export const listCommand = (): Command =>
  withExamples(
    new Command('list')
      .alias('ls')
      .description('List the Unit applications of a domain')
      .option('--domain <domain>', 'the domain whose applications to list')
      .option('--raw', "with -o json/yaml: the panel's values as sent (numbers as strings)")
      .addHelpText(
        'after',
        notes(
          "\n-o json prints the definitions by name, numbers as numbers; --raw keeps the panel's\n" +
            'strings. The list shows the definitions the panel stores for the domain.',
        ),
      )
      .action(async (opts: { domain?: string; raw?: boolean }, command: Command) => {
        const ctx = Context.from(command);
        const domain = await domainOf(ctx, opts.domain);
        const { applications } = await fetchListing(ctx, domain, await actingUser(ctx));
        const entries = Object.entries(applications);
        const data = opts.raw
          ? applications
          : Object.fromEntries(entries.map(([name, app]) => [name, normaliseNumbers(app)]));
        await ctx.out.list(
          entries.map(([name, app]) => appRow(name, normaliseNumbers(app))),
          appColumns,
          { empty: `${domain} has no Unit applications.`, data },
        );
      }),
    'dactl unit app list --domain fred.example',
    "dactl unit app list --domain fred.example -o json | jq '.app.processes'",
    'dactl unit app list --as fred --domain fred.example -o tsv',
  );
