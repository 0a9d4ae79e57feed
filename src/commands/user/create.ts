import { Command, Option } from 'commander';
import { LeafCommand } from '../../command.js';
import {
  checkCreateAccountReply,
  createAccountRequest,
  type NewAccount,
} from '../../api/accounts.js';
import { completeWith } from '../../completion/values.js';
import { DRY_RUN } from '../../context.js';
import { passwordNote } from '../../settings/generate.js';
import type { Column } from '../../output/writer.js';
import { notes, withExamples } from '../../help/text.js';
import { accountToCreate, type AccountOptions } from './_shared/account.js';
import { explainCreateError } from './_shared/errors.js';

type Created = Omit<NewAccount, 'password'> & { password?: string };

const columns: Column<Created>[] = [
  { key: 'username', header: 'Username' },
  { key: 'email', header: 'E-mail' },
  { key: 'domain', header: 'Domain' },
  { key: 'package', header: 'Package' },
  { key: 'ip', header: 'IP' },
  { key: 'notify', header: 'Notified' },
  { key: 'password', header: 'Password' },
];

const example =
  '--username fred --email fred@example.com --domain example.com --package default --ip 192.0.2.10';

export const createCommand = (): Command =>
  withExamples(
    new LeafCommand('create')
      .description('Create a hosting account (needs an admin or reseller account)')
      .option('--username <name>', 'new account name: a-z, then a-z or 0-9; 3 to 16 characters')
      .option('--email <address>', 'contact e-mail of the account')
      // A new domain: completion offers none of the known ones (and no file names).
      .addOption(
        completeWith(
          new Option('--domain <domain>', 'primary domain, lower case, e.g. example.com'),
          {},
        ),
      )
      .option('--package <name>', 'an existing hosting package')
      .option(
        '--ip <address>',
        'IPv4 address of the account (newer panels: shared, server, assign)',
      )
      .option('--notify', 'e-mail the new account its login details')
      .option('--no-notify', 'send no e-mail (the default)')
      .option('--password-stdin', 'read the new account’s password from stdin')
      .option('--generate-password', 'generate a strong password and show it once')
      .addHelpText(
        'after',
        notes(
          '\nWithout --password-stdin or --generate-password the password is asked twice (hidden) at a\n' +
            'terminal, or generated when left empty. Missing inputs are asked at a terminal (package\n' +
            'and IP from the panel’s lists); elsewhere they end the run with exit 2. A taken username or\n' +
            'domain, or a package the panel lacks, is said before the next question (a flag: exit 5).\n' +
            'A generated password is shown on a failure only when the panel may have made the account.',
        ),
      )
      .act(async (ctx, opts: AccountOptions) => {
        const account = await accountToCreate(ctx, opts);
        const spinner = await ctx.spinner(`Creating the account ${account.username}…`);
        let reply: unknown;
        try {
          reply = await ctx.change(createAccountRequest(account), {
            outcome: 'the account may exist already',
            check: 'check with "dactl users list"',
            // Shown on a failure only when the panel may have made the account (api/sent.ts).
            secret: opts.generatePassword
              ? { key: 'password', label: 'Generated password', value: account.password }
              : undefined,
            verify: checkCreateAccountReply,
            explain: (error) => explainCreateError(ctx, error),
          });
        } finally {
          spinner.stop();
        }
        if (reply === DRY_RUN) return;

        // The password is shown only when dactl made it up: the user knows their own. It is data
        // (the record's last field), the note about it a message.
        const { password, ...created } = account;
        const shown: Created = opts.generatePassword ? { ...created, password } : created;
        ctx.log.success(`User ${account.username} created`);
        await ctx.out.record(shown, opts.generatePassword ? columns : columns.slice(0, -1));
        if (opts.generatePassword) ctx.log.info(passwordNote);
      }),
    'dactl user create',
    `pass show new/fred | dactl user create ${example} --password-stdin`,
    `dactl user create ${example} --generate-password -o json`,
    `dactl --profile reseller user create ${example} --notify --generate-password`,
    `dactl user create ${example} --generate-password --dry-run`,
  );
