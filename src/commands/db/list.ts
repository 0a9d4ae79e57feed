import { Command } from 'commander';
import { LeafCommand } from '../../command.js';
import { listDatabases, type Database } from '../../api/databases.js';
import { humanBytes } from '../../output/format.js';
import { withExamples } from '../../help/text.js';

export const listCommand = (): Command =>
  withExamples(
    new LeafCommand('list')
      .alias('ls')
      .description('List the databases of the account (an admin adds --as <user>)')
      .act(async (ctx) => {
        const databases = await listDatabases(await ctx.client());
        await ctx.out.list<Database>(
          databases,
          [
            { key: 'database', header: 'DATABASE' },
            {
              key: 'sizeBytes',
              header: 'SIZE',
              align: 'right',
              show: (v) => humanBytes(Number(v)),
            },
            { key: 'userCount', header: 'USERS', align: 'right' },
            { key: 'tableCount', header: 'TABLES', align: 'right' },
            { key: 'definerIssues', header: 'DEFINER ISSUES', align: 'right' },
          ],
          { empty: 'No databases.' },
        );
      }),
    'dactl db list',
    'dactl db list --as fred -o json',
    'dactl db list -o tsv | sort -t "$(printf \'\\t\')" -k2 -n',
  );
