import { Command } from 'commander';
import { detailsOf, listVisibleUsers, type AccountType } from '../../api/users.js';
import { Context } from '../../context.js';
import { AuthError } from '../../errors.js';
import type { Column } from '../../output/writer.js';
import { notes, withExamples } from '../help.js';

interface UserRow {
  username: string;
  type: AccountType;
  creator: string;
  suspended: boolean;
  package: string;
  domains: number;
}

const columns: Column<UserRow>[] = [
  { key: 'username', header: 'USERNAME' },
  { key: 'type', header: 'TYPE' },
  { key: 'creator', header: 'CREATOR' },
  { key: 'suspended', header: 'SUSPENDED', show: (v) => (v === true ? 'yes' : 'no') },
  { key: 'package', header: 'PACKAGE' },
  { key: 'domains', header: 'DOMAINS', align: 'right' },
];

export const listCommand = (): Command =>
  withExamples(
    new Command('list')
      .alias('ls')
      .description(
        'List accounts with type, creator, suspension, package and domain count (admin: every account; reseller: its users)',
      )
      .option(
        '--names',
        'only the usernames, from one request (fast on a panel with many accounts)',
      )
      .addHelpText(
        'after',
        notes(
          '\nOne request for the names (two for a reseller), then one per account for its details,\n' +
            'eight at a time; --names stops after the first.',
        ),
      )
      .action(async (opts: { names?: boolean }, command: Command) => {
        const ctx = Context.from(command);
        const client = await ctx.client();
        let names: string[];
        try {
          names = await listVisibleUsers(client);
        } catch (error) {
          // The panel says "not in your authority level"; say what would make it work.
          if (error instanceof AuthError && error.hint === undefined) {
            throw new AuthError(
              `users list needs an admin or reseller account; ${client.login} was refused (${error.message}).`,
              'Use a profile that signs in as an admin or reseller (--profile); a Login Key must also ' +
                'allow CMD_API_SHOW_ALL_USERS or CMD_API_SHOW_USERS (dactl login --allow all).',
            );
          }
          throw error;
        }
        if (opts.names) {
          const named = names.map((username) => ({ username }));
          await ctx.out.list(named, [{ key: 'username', header: 'USERNAME' }], {
            empty: 'No users.',
          });
          return;
        }
        const rows: UserRow[] = (await detailsOf(client, names)).map((d) => ({
          ...d,
          domains: d.domains.length,
        }));
        await ctx.out.list(rows, columns, { empty: 'No users.' });
      }),
    'dactl users list',
    "dactl users list --query '[?suspended].username' -o tsv",
    'dactl --profile reseller users list -o tsv | cut -f1,5',
    'for u in $(dactl users list --names -o tsv); do dactl db list --as "$u"; done',
  );
