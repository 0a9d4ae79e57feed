import { Command } from 'commander';
import { deleteAppsRequest, liveName, unitError } from '../../../api/unit.js';
import { getRouteSettings } from '../../../api/unit-routes.js';
import { Context, DRY_RUN } from '../../../context.js';
import { NotFoundError, PartialError } from '../../../errors.js';
import { notes, withExamples } from '../../help.js';
import { actingUser, checkAppName, domainOf, fetchListing, sendChange, sure } from './shared.js';

const quoted = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(', ');

export const deleteCommand = (): Command =>
  withExamples(
    new Command('delete')
      .alias('rm')
      .description('Delete applications of a domain, in one request (asks first unless --yes)')
      .argument('<name...>', 'application names')
      .option('--domain <domain>', 'the domain the applications belong to')
      .addHelpText(
        'after',
        notes(
          '\nA name missing from "unit app list" that Unit still runs is sent, with a warning: the\n' +
            'panel also purges applications whose stored copy is gone (out of step). A name neither\n' +
            'stored nor run is not sent; when others were deleted the run ends with exit 7, when\n' +
            'none was there with exit 4. Without a terminal, --yes is required.',
        ),
      )
      .action(async (names: string[], opts: { domain?: string }, command: Command) => {
        const ctx = Context.from(command);
        const unique = [...new Set(names)];
        unique.forEach(checkAppName);
        const domain = await domainOf(ctx, opts.domain);
        const confirm = (these: readonly string[]) =>
          ctx.prompts.confirm({
            message: `Delete ${these.map((n) => liveName(domain, n)).join(', ')}?`,
            flag: '--yes',
            yes: sure(ctx),
          });
        // Without a terminal, refuse before sending anything at all.
        if (!ctx.interactive) await confirm(unique);
        const user = await actingUser(ctx);
        const stored = (await fetchListing(ctx, domain, user)).applications;
        const unstored = unique.filter((n) => !Object.hasOwn(stored, n));
        // What Unit runs: the applications a route may pass to.
        const running = new Set<string>();
        if (unstored.length > 0) {
          try {
            const settings = await getRouteSettings(await ctx.client(), domain);
            settings.applications.forEach((a) => running.add(a));
          } catch (error) {
            throw unitError(error, domain, user);
          }
        }
        const absent = unstored.filter((n) => !running.has(liveName(domain, n)));
        const list = `See its applications with: dactl unit app list --domain ${domain}`;
        if (absent.length === unique.length) {
          throw new NotFoundError(`${domain} has no application ${quoted(absent)}.`, list);
        }
        const doomed = unique.filter((n) => !absent.includes(n));
        for (const name of unstored.filter((n) => !absent.includes(n))) {
          ctx.log.warn(
            `"${name}" is not among the stored applications of ${domain}; sending it anyway, as Unit still runs it and the panel also purges applications whose stored copy is out of step.`,
          );
        }
        if (ctx.interactive) await confirm(doomed);
        const said = await sendChange(ctx, deleteAppsRequest(domain, doomed), {
          domain,
          user,
          what: 'the application deletion',
          check: `dactl unit app list --domain ${domain}`,
        });
        if (said === DRY_RUN) return;
        ctx.log.success(
          `Deleted ${doomed.map((n) => liveName(domain, n)).join(', ')} (the panel said: ${said}).`,
        );
        for (const name of absent) {
          ctx.log.warn(`Not deleted "${name}": ${domain} has no such application.`);
        }
        if (ctx.format !== 'table') {
          await ctx.out.list(
            unique.map((name) => ({
              name,
              unitName: liveName(domain, name),
              outcome: absent.includes(name) ? 'not-found' : 'deleted',
            })),
            [
              { key: 'name', header: 'NAME' },
              { key: 'unitName', header: 'UNIT NAME' },
              { key: 'outcome', header: 'OUTCOME' },
            ],
          );
        }
        if (absent.length > 0) {
          throw new PartialError(
            `Deleted ${String(doomed.length)} of ${String(unique.length)} applications; ${domain} has no application ${quoted(absent)}.`,
            list,
          );
        }
      }),
    'dactl unit app delete app --domain fred.example',
    'dactl unit app delete app api --domain fred.example --yes',
    'dactl unit app delete legacy --as fred --domain fred.example --yes   # out of step: purged anyway',
  );
