import { Command } from 'commander';
import { escapeControl } from '../../../text/escape.js';
import { LeafCommand } from '../../../command.js';
import type { Column } from '../../../output/writer.js';
import { describeAction, describeMatch, stepRows, type StepRow } from '../../../unit/route-view.js';
import { notes, withExamples } from '../../../help/text.js';
import { actingUser, fetchSettings, routeTarget, type TargetOptions } from './_shared/shared.js';

const columns: Column<StepRow>[] = [
  { key: 'step', header: 'STEP', align: 'right' },
  { key: 'match', header: 'MATCH', show: describeMatch },
  { key: 'action', header: 'ACTION', show: describeAction },
];

export const showCommand = (): Command =>
  withExamples(
    new LeafCommand('show')
      .description('Show the route of a domain or subdomain: its steps, and the JSON itself')
      .option('--domain <domain>', 'the domain (for a subdomain: its parent domain)')
      .option('--subdomain <sub>', 'the route set of this subdomain (shop or shop.<domain>)')
      .option('--settings', 'also show the applications a route may pass to, and the actions')
      .addHelpText(
        'after',
        notes(
          '\n-o json prints the route array alone, ready for "unit route set --file"; with --settings\n' +
            'it prints {"set", "route", "applications", "actions"}. -o tsv prints one line per step:\n' +
            'its number, match and action (the last two as JSON).',
        ),
      )
      .act(async (ctx, opts: TargetOptions & { settings?: boolean }) => {
        const target = await routeTarget(ctx, opts);
        const settings = await fetchSettings(ctx, target, await actingUser(ctx));
        const { route, applications, actions } = settings;
        const data = opts.settings ? { set: target.set, route, applications, actions } : route;
        await ctx.out.list(stepRows(route), columns, {
          empty: `No route is set for ${target.set}: Unit does not serve it.`,
          data,
        });
        if (ctx.format !== 'table') return;
        if (route.length > 0) {
          ctx.out.line('');
          ctx.out.line(JSON.stringify(route, null, 2));
        }
        if (opts.settings) {
          ctx.out.line('');
          // Names and texts from the panel: a line break in one is shown escaped, as in a cell.
          const names = applications.map(escapeControl).join(', ');
          ctx.out.line(`Applications: ${applications.length ? names : '(none)'}`);
          ctx.out.line('Actions:');
          const width = Math.max(0, ...Object.keys(actions).map((k) => k.length));
          for (const [name, text] of Object.entries(actions)) {
            ctx.out.line(`  ${escapeControl(name).padEnd(width)}  ${escapeControl(text)}`);
          }
        }
      }),
    'dactl unit route show --domain fred.example',
    'dactl unit route show --domain fred.example --subdomain shop --settings',
    'dactl unit route show --domain fred.example -o json > route.json',
  );
