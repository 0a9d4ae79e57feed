import { Command } from 'commander';
import { listAllUsers } from '../../api/users.js';
import { Context } from '../../context.js';
import { AuthError } from '../../errors.js';
import { withExamples } from '../help.js';

interface UserRow {
  username: string;
}

export const listCommand = (): Command =>
  withExamples(
    new Command('list')
      .alias('ls')
      .description('List every account on the server (needs an admin account)')
      .action(async (_opts: object, command: Command) => {
        const ctx = Context.from(command);
        const client = await ctx.client();
        let users: string[];
        try {
          users = await listAllUsers(client);
        } catch (error) {
          // The panel says "access denied"; say what would make it work.
          if (error instanceof AuthError && error.hint === undefined) {
            throw new AuthError(
              `users list needs an admin account; ${client.login} is not one (${error.message}).`,
              'Use a profile that signs in as an admin: dactl users list --profile <admin-profile>.',
            );
          }
          throw error;
        }
        const rows: UserRow[] = users.map((username) => ({ username }));
        await ctx.out.list(rows, [{ key: 'username', header: 'USERNAME' }], { empty: 'No users.' });
      }),
    'dactl users list',
    'dactl users list -o json | jq -r ".[].username"',
    'dactl users list -o tsv | wc -l',
  );
