import { Command } from 'commander';
import { liveName } from '../../../unit/names.js';
import { LeafCommand } from '../../../command.js';
import type { Column } from '../../../output/writer.js';
import { appColumns, appRow, type AppRow } from './_shared/app-view.js';
import { normaliseNumbers } from '../../../unit/validate.js';
import { notes, withExamples } from '../../../help/text.js';
import { actingUser, checkAppName, domainOf, storedApp } from './_shared/shared.js';

type Shown = AppRow & { unitName: string };

const fields: Column<Shown>[] = [
  { key: 'name', header: 'Name' },
  { key: 'unitName', header: 'Unit name' },
  ...appColumns<Shown>((h) => h.charAt(0) + h.slice(1).toLowerCase()),
];

export const showCommand = (): Command =>
  withExamples(
    new LeafCommand('show')
      .description('Show one application: a summary and its whole definition')
      .argument('<name>', 'application name')
      .option('--domain <domain>', 'the domain the application belongs to')
      .option('--raw', "with -o json/yaml: the panel's values as sent (numbers as strings)")
      .addHelpText(
        'after',
        notes(
          '\n-o json prints the definition alone, ready for "unit app modify --file" or\n' +
            '"unit app create --file".',
        ),
      )
      .act(async (ctx, name: string, opts: { domain?: string; raw?: boolean }) => {
        checkAppName(name);
        const domain = await domainOf(ctx, opts.domain);
        const stored = await storedApp(ctx, domain, name, await actingUser(ctx));
        const app = normaliseNumbers(stored);
        const row: Shown = { ...appRow(name, app), unitName: liveName(domain, name) };
        await ctx.out.record(row, fields, { data: opts.raw ? stored : app });
        if (ctx.format === 'table') {
          ctx.out.line('');
          ctx.out.line(JSON.stringify(app, null, 2));
        }
      }),
    'dactl unit app show app --domain fred.example',
    'dactl unit app show app --domain fred.example -o json > app.json',
  );
