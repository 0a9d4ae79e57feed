import { Command } from 'commander';
import { LeafCommand } from '../../command.js';
import type { Context } from '../../context.js';
import { isRecord } from '../../json/record.js';
import { isSecretName } from '../../redact/redact.js';
import { siteDocument, type SiteDocument } from '../../unit/site.js';
import { notes, withExamples } from '../../help/text.js';
import { actingUser, domainOf } from './app/_shared/shared.js';
import { readCurrent } from './site/state.js';

export const exportCommand = (): Command =>
  withExamples(
    new LeafCommand('export')
      .description("Print a domain's Unit applications and route sets as one document (YAML)")
      .option('--domain <domain>', 'the domain to export (its subdomains’ route sets too)')
      .addHelpText(
        'after',
        notes(
          '\nThe document lists the applications by name, numbers as numbers, and the route sets\n' +
            '(the domain’s own and each <sub>.<domain>), keys sorted: two exports of the same state\n' +
            'are the same bytes, so a diff in git shows only what changed. YAML by default, -o json\n' +
            'for JSON. Environment values are printed as they are: the file holds any secret in\n' +
            'them. "dactl unit apply -f <file>" makes a domain match it again.',
        ),
      )
      .noTable('yaml')
      .act(async (ctx, opts: { domain?: string }) => {
        const domain = await domainOf(ctx, opts.domain);
        const user = await actingUser(ctx);
        const now = await readCurrent(ctx, domain, user);
        const site = siteDocument(domain, user, now.applications, now.routes);
        await ctx.out.value(site);
        secretsNote(ctx, site);
      }),
    'dactl unit export --domain fred.example > fred.example.yaml',
    'dactl unit export --domain fred.example -o json',
    'dactl unit export --as fred --domain fred.example | git diff --no-index fred.example.yaml -',
    "dactl unit export --domain fred.example -p 'prod-*' -o json   # a fleet: one document per panel",
  );

/** The file holds the environment as it is: said on stderr, naming what looks like a secret. */
function secretsNote(ctx: Context, site: SiteDocument): void {
  const holders = Object.entries(site.applications).flatMap(([name, app]) =>
    isRecord(app.environment) && Object.keys(app.environment).length > 0
      ? [{ name, keys: Object.keys(app.environment) }]
      : [],
  );
  if (holders.length === 0) return;
  const secret = [...new Set(holders.flatMap((h) => h.keys).filter(isSecretName))];
  const among = secret.length > 0 ? ` (${secret.join(', ')} among it)` : '';
  ctx.log.warn(
    `The document holds the environment of ${holders.map((h) => h.name).join(', ')} as it is${among}: keep the file as private as the secrets it may hold.`,
  );
}
