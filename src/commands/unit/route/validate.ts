import { Command } from 'commander';
import { LeafCommand } from '../../../command.js';
import { UsageError } from '../../../errors.js';
import { routeProblems } from '../../../unit/route-validate.js';
import { formatProblem } from '../../../unit/validate.js';
import { acmeReminder, sendsEverythingToApp } from '../../../unit/route-view.js';
import { notes, withExamples } from '../../../help/text.js';
import {
  actingUser,
  fetchSettings,
  offlineUser,
  readRouteFile,
  routeTarget,
  scopeOf,
  type TargetOptions,
} from './_shared/shared.js';

interface ValidateOptions extends TargetOptions {
  offline?: boolean;
}

export const validateCommand = (): Command =>
  withExamples(
    new LeafCommand('validate')
      .description('Check a route without changing anything: exit 0 when valid, 2 when not')
      .argument('[file]', 'the route (a JSON array), or - for stdin; default: the route set now')
      .option('--domain <domain>', 'the domain the route is for (for a subdomain: its parent)')
      .option('--subdomain <sub>', 'the subdomain the route is for (shop or shop.<domain>)')
      .option('--offline', 'do not ask the panel: applications are checked by name shape only')
      .addHelpText(
        'after',
        notes(
          "\nThe checks are Unit's own (steps, match patterns, one action per step, return codes,\n" +
            "share options) and the panel's: pass only to applications/<domain>_<app> of this\n" +
            'domain (online: one that exists), share only inside /home/<user>/ of the acting user\n' +
            '(--as, else the account of the profile or DACTL_USERNAME); and dactl’s: proxy to no\n' +
            'socket of the server (Unit’s control socket, Docker’s) or of another account’s home.\n' +
            '-o json prints the verdict, -o tsv one line per problem: its path and message.',
        ),
      )
      .act(async (ctx, file: string | undefined, opts: ValidateOptions) => {
        if (opts.offline && file === undefined) {
          throw new UsageError(
            '--offline checks a route you give: pass a file, or - for stdin.',
            'Without --offline, validate checks the route set now.',
          );
        }
        const target = await routeTarget(ctx, opts, opts.offline === true);
        const user = opts.offline ? await offlineUser(ctx) : await actingUser(ctx);
        const route = file === undefined ? undefined : await readRouteFile(ctx, file);
        const settings = opts.offline ? undefined : await fetchSettings(ctx, target, user);
        const checked = route ?? settings?.route;
        const problems = routeProblems(checked, scopeOf(ctx, target, user, settings));
        // TSV: one line per problem (path, message); nothing when the route is valid.
        if (ctx.format === 'tsv') {
          await ctx.out.list(problems, [
            { key: 'path', header: 'PATH' },
            { key: 'message', header: 'PROBLEM' },
          ]);
        } else if (ctx.format !== 'table') {
          await ctx.out.value({
            set: target.set,
            valid: problems.length === 0,
            offline: opts.offline === true,
            problems,
          });
        }
        if (problems.length > 0) {
          throw new UsageError(
            `The route for ${target.set} is not valid:\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`,
          );
        }
        const steps = Array.isArray(checked) ? checked : [];
        if (sendsEverythingToApp(steps)) ctx.log.info(acmeReminder);
        const how = opts.offline ? ', checked offline: applications by name shape only' : '';
        ctx.log.success(
          `The route for ${target.set} is valid (${String(steps.length)} step${steps.length === 1 ? '' : 's'}${how}).`,
        );
      }),
    'dactl unit route validate route.json --domain fred.example',
    'dactl unit route validate - --domain fred.example --offline < route.json',
    'dactl unit route validate --domain fred.example --subdomain shop   # the route set now',
    'DACTL_USERNAME=fred dactl unit route validate route.json --domain fred.example --offline -o json',
  );
