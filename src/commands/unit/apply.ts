import { Command } from 'commander';
import { LeafCommand } from '../../command.js';
import { ProblemsError, UsageError } from '../../errors.js';
import { inputName } from '../../input.js';
import { readSite, type SiteDocument } from '../../unit/site.js';
import { offeredAfter, siteProblems } from '../../unit/site-check.js';
import { deletedApps, planSite } from '../../unit/site-plan.js';
import { renameSite } from '../../unit/site-rename.js';
import { formatProblem, normaliseNumbers, type Problem } from '../../unit/validate.js';
import { notes, withExamples } from '../../help/text.js';
import { actingUser, domainOf, sure } from './app/_shared/shared.js';
import { scopeOf } from './route/_shared/shared.js';
import { readSiteFile } from './site/read.js';
import { runSteps } from './site/run.js';
import { showPlan } from './site/show.js';
import { readCurrent } from './site/state.js';

interface ApplyOptions {
  file?: string;
  domain?: string;
  prune?: boolean;
}

export const applyCommand = (): Command =>
  withExamples(
    new LeafCommand('apply')
      .description('Make a domain’s Unit setup match a document: shows the plan, then applies it')
      .option(
        '-f, --file <file>',
        'the document (YAML or JSON, as unit export prints it), or - for stdin',
      )
      .option(
        '--domain <domain>',
        'apply to this domain (default: the document’s), renaming what names the other',
      )
      .option('--prune', 'also delete the route sets and applications the document lacks')
      .addHelpText(
        'after',
        notes(
          '\nThe whole document is checked first, with the rules of "unit app create" and "unit route\n' +
            'set": when any part is invalid, every problem is listed with its path and nothing is\n' +
            'sent (exit 2). The plan creates or modifies applications before the routes that pass to\n' +
            'them; --prune deletes route sets before applications. At a terminal it is confirmed\n' +
            'once; without one --yes is needed. --dry-run prints the plan and the requests and sends\n' +
            'nothing. A domain that already matches is sent no change at all.\n' +
            '\nWith --domain another than the document’s, "pass" targets, "host" matches, route set\n' +
            'names and paths under the exported account’s domains/<domain>/ follow the new domain;\n' +
            'with --as another account, paths under the old home go to the new one, and "user" and\n' +
            '"group" with them. Any other mention of the old domain or home is refused.\n' +
            '\n-o json prints [{"kind", "name", "action", "outcome"}] (outcome: done, unchanged, failed,\n' +
            'unknown (the answer was lost), not-sent). Some steps done and some not is exit 7.',
        ),
      )
      .act(async (ctx, opts: ApplyOptions) => {
        if (opts.file === undefined) {
          throw new UsageError(
            'Give the document with -f <file>, or -f - for stdin.',
            'Make one with: dactl unit export --domain <domain> > site.yaml',
          );
        }
        const source = inputName('-f', opts.file);
        const read = readSite(await readSiteFile(ctx.io.stdin, opts.file));
        if (read.site === undefined) throw invalid(source, read.problems);
        const given = withNumbers(read.site);
        const domain = await domainOf(ctx, opts.domain ?? given.domain);
        const user = await actingUser(ctx);
        const renamed = renameSite(given, { domain, user });
        const site = { ...renamed.site, user };
        const sources = Object.keys(given.routes);
        const { controlSocket } = scopeOf(ctx, { domain, set: domain }, user);
        const offline = siteProblems(site, { controlSocket }, sources);
        if (renamed.problems.length + offline.length > 0) {
          throw invalid(source, [...renamed.problems, ...offline]);
        }

        const now = await readCurrent(ctx, domain, user, Object.keys(site.routes));
        const steps = planSite(site, now, opts.prune === true);
        const applications = offeredAfter(now.offered, site, deletedApps(steps));
        const online = siteProblems(site, { controlSocket, applications }, sources, false);
        if (online.length > 0) throw invalid(source, online);

        const changes = steps.filter((s) => s.action !== 'none');
        if (changes.length === 0) {
          ctx.log.info(`Nothing to change: ${domain} matches ${source}; nothing sent.`);
        } else {
          await showPlan(ctx, domain, source, changes);
          const deletes = changes.filter((s) => s.action === 'delete').length;
          const n = changes.length;
          await ctx.prompts.confirm({
            message: `Apply ${String(n)} change${n === 1 ? '' : 's'} to ${domain}${deletes ? `, ${String(deletes)} of them deletions` : ''}?`,
            flag: '--yes',
            yes: sure(ctx),
          });
        }
        await runSteps(ctx, { domain, user }, steps);
      }),
    'dactl unit export --domain fred.example > site.yaml && dactl unit apply -f site.yaml --dry-run',
    'dactl unit apply -f site.yaml --yes',
    'dactl unit apply -f site.yaml --prune',
    'dactl unit apply -f site.yaml --as wilma --domain wilma.example --yes   # a copy for another account',
    "dactl unit apply -f site.yaml -p 'prod-*' --domain fred.example --yes   # a fleet",
  );

/** The panel lists numbers as strings: a document written from --raw output is taken too. */
function withNumbers(site: SiteDocument): SiteDocument {
  const applications = Object.fromEntries(
    Object.entries(site.applications).map(([name, app]) => [name, normaliseNumbers(app)]),
  );
  return { ...site, applications };
}

function invalid(source: string, problems: readonly Problem[]): ProblemsError {
  const list = problems.map((p) => `  ${formatProblem(p)}`).join('\n');
  return new ProblemsError(
    `${source} is not valid; nothing was sent:\n${list}`,
    problems,
    'Unit documents every member at https://unit.nginx.org/configuration/.',
  );
}
