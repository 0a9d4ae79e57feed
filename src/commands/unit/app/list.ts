import { Command } from 'commander';
import { LeafCommand } from '../../../command.js';
import type { Column } from '../../../output/writer.js';
import { appColumns, appRow, type AppRow } from './_shared/app-view.js';
import { normaliseNumbers } from '../../../unit/validate.js';
import { notes, withExamples } from '../../../help/text.js';
import { actingUser, domainOf, fetchListing } from './_shared/shared.js';

const columns: Column<AppRow>[] = [
  { key: 'name', header: 'NAME' },
  ...appColumns<AppRow>((h) => h),
];

export const listCommand = (): Command =>
  withExamples(
    new LeafCommand('list')
      .alias('ls')
      .description('List the Unit applications of a domain')
      .option('--domain <domain>', 'the domain whose applications to list')
      .option('--raw', "with -o json/yaml: the panel's values as sent (numbers as strings)")
      .addHelpText(
        'after',
        notes(
          '\n-o json prints [{"name", "application"}], the definitions with numbers as numbers; --raw\n' +
            "keeps the panel's strings. -o tsv prints the raw fields: name, type, entry, directory,\n" +
            'processes (max), spare, idle timeout, timeout. The list shows the definitions the panel\n' +
            'stores for the domain.',
        ),
      )
      .act(async (ctx, opts: { domain?: string; raw?: boolean }) => {
        const domain = await domainOf(ctx, opts.domain);
        const { applications } = await fetchListing(ctx, domain, await actingUser(ctx));
        const entries = Object.entries(applications).map(([name, stored]) => ({
          name,
          stored,
          app: normaliseNumbers(stored),
        }));
        await ctx.out.list(
          entries.map(({ name, app }) => appRow(name, app)),
          columns,
          {
            empty: `${domain} has no Unit applications.`,
            data: entries.map(({ name, stored, app }) => ({
              name,
              application: opts.raw ? stored : app,
            })),
          },
        );
      }),
    'dactl unit app list --domain fred.example',
    'dactl unit app list --domain fred.example --query "[?name==\'app\'].application.processes | [0]"',
    'dactl unit app list --as fred --domain fred.example -o tsv',
  );
