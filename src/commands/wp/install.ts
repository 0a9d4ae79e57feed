import { Command, Option } from 'commander';
import { LeafCommand } from '../../command.js';
import {
  checkInstallReply,
  explainInstallError,
  installQuickRequest,
  installTimeoutMs,
  type Installed,
} from '../../api/wordpress.js';
import { DRY_RUN } from '../../context.js';
import type { Column } from '../../output/writer.js';
import { passwordNote } from '../../settings/generate.js';
import { notes, withExamples } from '../../help/text.js';
import { domainOfPath } from '../../validate/wordpress.js';
import { explainRefusal } from '../_shared/own-domain.js';
import { siteToInstall, type SiteOptions } from './_shared/site.js';

/**
 * What was installed, in dactl's names: `database` as in db list, `path` as its --path flag,
 * `password` as in user create (dbName, filePath and adminPass in the panel's reply).
 */
interface Site {
  siteURL: string;
  adminName: string;
  adminEmail: string;
  database: string;
  path: string;
  title: string;
  password?: string;
}

const fields: Column<Site>[] = [
  { key: 'siteURL', header: 'Site' },
  { key: 'adminName', header: 'Admin' },
  { key: 'adminEmail', header: 'Admin e-mail' },
  { key: 'database', header: 'Database' },
  { key: 'path', header: 'Path' },
  { key: 'title', header: 'Title' },
];
const password: Column<Site> = { key: 'password', header: 'Password' };

function siteOf(installed: Installed): Site {
  const { siteURL, adminName, adminEmail, dbName, filePath, title } = installed;
  return { siteURL, adminName, adminEmail, database: dbName, path: filePath, title };
}

export const installCommand = (): Command =>
  withExamples(
    new LeafCommand('install')
      .description('Install WordPress with a new database (user level; an admin adds --as <user>)')
      .option('--domain <domain>', 'install under domains/<domain>/public_html')
      .option('--subdir <dir>', 'a directory below public_html, e.g. blog')
      .option('--path <path>', 'the place itself: domains/<domain>/public_html[/<dir>]')
      .option('--title <title>', 'site title')
      .option('--admin-name <name>', 'WordPress administrator login')
      .option('--admin-email <address>', 'WordPress administrator e-mail')
      .option('--password-stdin', 'read the administrator password from stdin')
      .addOption(new Option('--admin-pass-stdin').hideHelp())
      .option('--generate-password', 'generate a strong administrator password and show it once')
      .addHelpText(
        'after',
        notes(
          '\nAn install can take minutes: the request waits up to 300 s unless --timeout says\n' +
            'otherwise, and is never retried. Missing inputs are asked at a terminal (the domain\n' +
            'from the account’s domains); elsewhere they end the run with exit 2.',
        ),
      )
      .act(async (ctx, opts: SiteOptions) => {
        const site = await siteToInstall(ctx, opts);
        const request = installQuickRequest(site, ctx.timeoutMs ?? installTimeoutMs);

        const client = ctx.options.dryRun ? undefined : await ctx.client();
        const spinner = await ctx.spinner(`Installing WordPress in ${site.filePath}…`);
        let reply: unknown;
        try {
          reply = await ctx.change(request, {
            outcome: 'the install may still finish on the panel',
            check: `check the site (${site.filePath})`,
            secret: opts.generatePassword
              ? { key: 'password', label: 'Generated admin password', value: site.adminPass }
              : undefined,
            verify: checkInstallReply,
            explain: (error) =>
              explainRefusal(ctx, domainOfPath(site.filePath), error, (e) =>
                explainInstallError(e, site.filePath, client?.login ?? ''),
              ),
          });
        } finally {
          spinner.stop();
        }
        if (reply === DRY_RUN) return;

        // The password is shown only when dactl made it up: the user knows their own. It is the
        // one sent: the transport masks the panel's echo of it.
        const installed = siteOf(checkInstallReply(reply));
        const shown: Site = opts.generatePassword
          ? { ...installed, password: site.adminPass }
          : installed;
        ctx.log.success(`WordPress installed at ${shown.siteURL}`);
        await ctx.out.record(shown, opts.generatePassword ? [...fields, password] : fields);
        if (opts.generatePassword) ctx.log.info(passwordNote);
      }),
    'dactl wp install --domain fred.example --title "Fred’s blog" --admin-name fred --admin-email fred@fred.example --generate-password',
    'pass show wp/fred | dactl wp install --as fred --domain fred.example --subdir blog --title Blog --admin-name fred --admin-email fred@fred.example --password-stdin -o json',
    'dactl wp install --path domains/fred.example/public_html/shop --title Shop --admin-name fred --admin-email fred@fred.example --generate-password --dry-run',
  );
