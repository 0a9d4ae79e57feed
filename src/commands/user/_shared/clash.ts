// What the panel would refuse in a new account, asked as soon as it is known (a flag before the
// first question, an answer as it is typed), so nobody answers seven questions for a username
// that is taken. What the account may not see (another reseller's accounts, a Login Key without
// the command) is left to the panel, which has the last word anyway.
import { listPackages } from '../../../api/accounts.js';
import { domainOwner } from '../../../api/domains.js';
import { ifVisible } from '../../../api/shape.js';
import type { Context } from '../../../context.js';
import { ClashError } from '../../../errors.js';

interface AccountChecks {
  username: (name: string) => Promise<void>;
  domain: (domain: string) => Promise<void>;
  package: (name: string) => Promise<void>;
  /** The packages a new account can get, read once; undefined when the panel does not say. */
  packages: () => Promise<string[] | undefined>;
}

export function accountChecks(ctx: Context): AccountChecks {
  // A dry run sends nothing, not even a look-up.
  const ask = async <T>(read: (ctx: Context) => Promise<T>): Promise<T | undefined> =>
    ctx.options.dryRun ? undefined : ifVisible(() => read(ctx));
  // The account signed in sees the most: an admin acting as a reseller still sees every account.
  const signedIn = async (c: Context) => (await c.client()).signedIn();
  let packages: Promise<string[] | undefined> | undefined;
  const packageList = () => (packages ??= ask(async (c) => listPackages(await c.client())));
  return {
    username: async (name) => {
      const found = await ask(async (c) =>
        (await signedIn(c)).send({
          method: 'GET',
          path: `/api/users/${encodeURIComponent(name)}/config`,
        }),
      );
      if (found !== undefined) {
        throw new ClashError(
          `The username ${name} is taken: the panel has an account ${name}.`,
          'Choose another username.',
        );
      }
    },
    domain: async (domain) => {
      const owner = await ask(async (c) => domainOwner(await signedIn(c), domain));
      if (typeof owner === 'string') {
        throw new ClashError(
          `${domain} belongs to the account ${owner} already.`,
          'A domain belongs to one account: choose another.',
        );
      }
    },
    package: async (name) => {
      const known = await packageList();
      if (known?.length && !known.includes(name)) {
        throw new ClashError(
          `The panel has no package "${name}".`,
          `Choose one of ${known.join(', ')}.`,
        );
      }
    },
    packages: packageList,
  };
}
