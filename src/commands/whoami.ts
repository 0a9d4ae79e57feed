import { Command } from 'commander';
import { LeafCommand } from '../command.js';
import { loginTest } from '../api/session.js';
import { withExamples } from '../help/text.js';

interface Identity {
  profile: string | null;
  url: string;
  username: string;
  /** Whom it acts as (--as), the account itself when none: as `as` in profile show. */
  as: string;
  login: string;
}

export const whoamiCommand = (): Command =>
  withExamples(
    new LeafCommand('whoami')
      .description('Check the login and show the profile, server, account and whom it acts as')
      .act(async (ctx) => {
        const connection = await ctx.resolve();
        const client = await ctx.client();
        await loginTest(client);
        const identity: Identity = {
          profile: connection.profile ?? null,
          url: connection.url,
          username: connection.username,
          as: connection.as ?? connection.username,
          login: client.login,
        };
        await ctx.out.record(identity, [
          {
            key: 'profile',
            header: 'Profile',
            show: (v) => v ?? '(environment)',
          },
          { key: 'url', header: 'Server' },
          { key: 'username', header: 'Account' },
          { key: 'as', header: 'Acting as' },
        ]);
      }),
    'dactl whoami',
    'dactl whoami --profile prod --as fred',
    'dactl whoami -o json',
    'dactl whoami --query username',
  );
