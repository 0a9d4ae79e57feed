// The inputs of `user create`, from flags, stdin, a generator or prompts
// (src/validate/inputs.ts), all checked before anything is sent.
import type { NewAccount } from '../../api/accounts.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { generatePassword } from '../../settings/generate.js';
import { readSecretFromStdin } from '../../settings/secret.js';
import type { Check } from '../../settings/validate.js';
import {
  accountIp,
  domainName,
  emailAddress,
  newUsername,
  packageName,
} from '../../validate/account.js';
import { gather, type Field } from '../../validate/inputs.js';

export interface AccountOptions {
  username?: string;
  email?: string;
  domain?: string;
  package?: string;
  ip?: string;
  notify?: boolean;
  passwordStdin?: boolean;
  generatePassword?: boolean;
}

const passwordFlags = '--password-stdin or --generate-password';

export async function accountToCreate(ctx: Context, opts: AccountOptions): Promise<NewAccount> {
  if (opts.passwordStdin && opts.generatePassword) {
    throw new UsageError('Give either --password-stdin or --generate-password, not both.');
  }
  // Read first: a terminal on stdin then fails at once instead of after the prompts.
  const piped = opts.passwordStdin
    ? await readSecretFromStdin(ctx.io.stdin, '--password-stdin')
    : undefined;
  const fields = await gather(
    ctx.prompts,
    {
      username: field('--username', 'Username of the new account', newUsername, opts.username),
      email: field('--email', 'E-mail address', emailAddress, opts.email),
      domain: field('--domain', 'Primary domain', domainName, opts.domain),
      package: field('--package', 'Package', packageName, opts.package),
      ip: field('--ip', 'IP address', accountIp, opts.ip),
    },
    opts.passwordStdin || opts.generatePassword ? [] : [`a password (${passwordFlags})`],
  );
  const password = opts.generatePassword
    ? generatePassword()
    : (piped ??
      (await ctx.prompts.secret({
        message: `Password for ${fields.username}:`,
        flag: passwordFlags,
        twice: true,
      })));
  return { ...fields, password, notify: opts.notify === true };
}

const field = (flag: string, message: string, check: Check, given: string | undefined): Field => ({
  flag,
  message,
  check,
  given,
});
