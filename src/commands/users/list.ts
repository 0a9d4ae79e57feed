import { Command } from 'commander';
import { LeafCommand } from '../../command.js';
import { listAccountDetails, type ListedAccount } from '../../api/account-list.js';
import { listAccounts } from '../../api/users.js';
import { rememberNames } from '../../completion/names-cache.js';
import { AuthError } from '../../errors.js';
import type { Client } from '../../http/transport.js';
import type { Column } from '../../output/writer.js';
import { notes, withExamples } from '../../help/text.js';

// The table shows how many domains; JSON, YAML and TSV carry the names themselves.
const columns: Column<ListedAccount>[] = [
  { key: 'username', header: 'USERNAME' },
  { key: 'type', header: 'TYPE' },
  { key: 'creator', header: 'CREATOR' },
  { key: 'suspended', header: 'SUSPENDED' },
  { key: 'package', header: 'PACKAGE' },
  {
    key: 'domains',
    header: 'DOMAINS',
    align: 'right',
    show: (v) => (Array.isArray(v) ? String(v.length) : ''),
  },
];

export const listCommand = (): Command =>
  withExamples(
    new LeafCommand('list')
      .alias('ls')
      .description(
        'List accounts with type, creator, suspension, package and domains (admin: every account; reseller: its users)',
      )
      .option('--names', 'only the usernames, from the name listings alone')
      .addHelpText(
        'after',
        notes(
          '\nNames and types from the panel’s account lists (three requests for an admin, two for a\n' +
            'reseller), then the details a page of 1000 accounts at a time; an account the pages\n' +
            'miss is read on its own, eight at a time. Where the panel allows neither, names and\n' +
            'types are listed with a warning. -o json|yaml|tsv give the domain names; the table\n' +
            'counts them. --names stops after the names.',
        ),
      )
      .act(async (ctx, opts: { names?: boolean }) => {
        const client = await ctx.client();
        if (opts.names) {
          const visible = await refusedSays(client, listAccounts(client));
          if (visible.gap !== undefined) ctx.log.warn(visible.gap);
          const named = visible.accounts.map(({ username }) => ({ username }));
          await ctx.out.list(named, [{ key: 'username', header: 'USERNAME' }], {
            empty: 'No users.',
          });
          // For completing --as: the names only this listing knows, kept on this machine.
          await rememberNames(ctx, { accounts: named.map((a) => a.username) });
          return;
        }
        const listing = await refusedSays(client, listAccountDetails(client));
        if (listing.missing !== undefined) ctx.log.warn(listing.missing);
        await ctx.out.list(listing.accounts, columns, { empty: 'No users.' });
        await rememberNames(ctx, {
          accounts: listing.accounts.map((a) => a.username),
          // Details the panel withheld say nothing of the domains: those kept stay.
          ...(listing.accounts.some((a) => a.domains !== null)
            ? { domains: listing.accounts.flatMap((a) => a.domains ?? []) }
            : {}),
        });
      }),
    'dactl users list',
    "dactl users list --query '[?suspended].username' -o tsv",
    'dactl --profile reseller users list -o tsv | cut -f1,5',
    'for u in $(dactl users list --names -o tsv); do dactl db list --as "$u"; done',
  );

/** The panel says "not in your authority level"; say what would make it work. */
async function refusedSays<T>(client: Client, listing: Promise<T>): Promise<T> {
  try {
    return await listing;
  } catch (error) {
    if (error instanceof AuthError && error.hint === undefined) {
      throw new AuthError(
        `users list needs an admin or reseller account; ${client.login} was refused (${error.message}).`,
        'Use a profile that signs in as an admin or reseller (--profile); a Login Key must also ' +
          'allow CMD_API_SHOW_ALL_USERS or CMD_API_SHOW_USERS (dactl login --allow all).',
      );
    }
    throw error;
  }
}
