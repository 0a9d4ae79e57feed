// `--user` and `--domain` of the commands that read the panel's server (unit doctor, unit status):
// checked as the panel names them, the domain lower-cased with a note.
import type { Context } from '../../../context.js';
import { checkFlag } from '../../../validate/settings.js';
import { domainName } from '../../../unit/names.js';
import { existingUsername, storedDomain } from '../../../validate/account.js';
import { take } from '../../../prompt-fields.js';

interface Scope {
  user?: string | undefined;
  domain?: string | undefined;
}

export async function scopeFlags(ctx: Context, flags: Scope): Promise<Scope> {
  const user =
    flags.user === undefined ? undefined : checkFlag('--user', flags.user, existingUsername);
  const domain =
    flags.domain === undefined
      ? undefined
      : await take(ctx, {
          flag: '--domain',
          message: 'Domain',
          check: domainName,
          given: flags.domain,
          normalise: storedDomain,
        });
  return { user, domain };
}
