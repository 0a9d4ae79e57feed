import { Command, Option } from 'commander';
import { LeafCommand } from '../../../command.js';
import type { RouteSettings } from '../../../api/unit-routes.js';
import { UsageError } from '../../../errors.js';
import { notes, withExamples } from '../../../help/text.js';
import { applyRoute } from './_shared/apply.js';
import { composeRoute, type ComposeOptions } from './_shared/compose.js';
import {
  actingUser,
  checkRoute,
  collect,
  fetchSettings,
  routeTarget,
  scopeOf,
  type TargetOptions,
} from './_shared/shared.js';
import { completeWith } from '../../../completion/values.js';

type SetOptions = TargetOptions & ComposeOptions;

export const setCommand = (): Command =>
  withExamples(
    new LeafCommand('set')
      .description('Set the route of a domain or subdomain: checked, shown as a diff, then sent')
      .option('--domain <domain>', 'the domain (for a subdomain: its parent domain)')
      .option('--subdomain <sub>', 'the route set of this subdomain (shop or shop.<domain>)')
      .option('--file <f>', 'the route (a JSON array) from a file, or - for stdin')
      .addOption(
        completeWith(
          new Option(
            '--template <name>',
            'start from this template (see: dactl unit templates list routes)',
          ),
          { source: 'route-templates' },
        ),
      )
      .option('--var <name=value>', "fill a template's ${name} (repeatable)", collect)
      .option('--template-file <file>', 'also read route templates from this file')
      .option(
        '--edit',
        'open the route in $VISUAL / $EDITOR before sending (alone: the current one)',
      )
      .addHelpText(
        'after',
        notes(
          '\nA route may pass only to applications of its domain (applications/<domain>_<app>),\n' +
            'share only files inside your home, and proxy to no socket of the server (Unit’s control\n' +
            'socket, Docker’s) or of another account’s home. At a terminal, with no --file,\n' +
            '--template or --edit, you choose a template or the editor; the change is confirmed\n' +
            'first (--yes skips that). Nothing is sent when the route does not change.',
        ),
      )
      .act(async (ctx, opts: SetOptions) => {
        if (opts.file !== undefined && opts.template !== undefined) {
          throw new UsageError(
            '--file gives the whole route; --template builds one. Use one of them.',
            'Change a template’s result before sending with --edit.',
          );
        }
        if (opts.var !== undefined && opts.template === undefined && !ctx.interactive) {
          throw new UsageError('--var fills a template: give --template <name> as well.');
        }
        if (opts.file === undefined && opts.template === undefined && !opts.edit) {
          ctx.prompts.require({
            message: 'The route',
            flag: '--file <f>, --template <name> or --edit',
          });
        }
        const target = await routeTarget(ctx, opts);
        const user = await actingUser(ctx);
        let fetched: Promise<RouteSettings> | undefined;
        const settings = (): Promise<RouteSettings> =>
          (fetched ??= fetchSettings(ctx, target, user));
        const route = await composeRoute(ctx, opts, { target, user, settings });
        // What needs no panel is refused before anything is asked of it.
        checkRoute(route, scopeOf(ctx, target, user));
        const current = await settings();
        const next = checkRoute(route, scopeOf(ctx, target, user, current));
        await applyRoute(ctx, target, user, current.route, next);
      }),
    'dactl unit route set --domain fred.example --template app --var app=app',
    'dactl unit route set --domain fred.example --subdomain shop --template static-then-app --var app=shop',
    'dactl unit route set --domain fred.example --file route.json --yes',
    'cat route.json | dactl unit route set --domain fred.example --file -',
    'dactl unit route set --domain fred.example --template proxy --var url=http://127.0.0.1:8080',
    'dactl unit route set --domain fred.example --edit',
    'dactl unit route set --as fred --domain fred.example --template redirect --var location=https://fred.example/new',
  );
