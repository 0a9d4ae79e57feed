// The inputs of `user create`, from flags, stdin, a generator or prompts
// (src/prompt-fields.ts), all checked before anything is sent, the username, domain and
// package with the panel too (clash.ts).
import { listIps, type NewAccount } from '../../../api/accounts.js';
import { ifVisible } from '../../../api/shape.js';
import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import type { Client } from '../../../http/transport.js';
import { readSecretFromStdin } from '../../../settings/secret.js';
import {
  accountIp,
  domainName,
  emailAddress,
  newUsername,
  packageName,
  storedDomain,
} from '../../../validate/account.js';
import { gather, newPasswordOf } from '../../../prompt-fields.js';
import { accountChecks } from './clash.js';

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
  const panel = accountChecks(ctx);
  const fields = await gather(
    ctx,
    {
      username: {
        flag: '--username',
        message: 'Username of the new account',
        check: newUsername,
        given: opts.username,
        verify: panel.username,
      },
      email: { flag: '--email', message: 'E-mail address', check: emailAddress, given: opts.email },
      domain: {
        flag: '--domain',
        message: 'Primary domain',
        check: domainName,
        given: opts.domain,
        normalise: storedDomain,
        verify: panel.domain,
      },
      package: {
        flag: '--package',
        message: 'Package',
        check: packageName,
        given: opts.package,
        suggestions: panel.packages,
        onlyFrom: 'package',
        verify: panel.package,
      },
      ip: {
        flag: '--ip',
        message: 'IP address',
        check: accountIp,
        given: opts.ip,
        suggestions: () => fromPanel(ctx, listIps),
      },
    },
    opts.passwordStdin || opts.generatePassword ? [] : [`a password (${passwordFlags})`],
  );
  const password = await newPasswordOf(
    ctx,
    { piped, generate: opts.generatePassword },
    { message: `Password for ${fields.username}:`, flag: passwordFlags },
  );
  // "Generate one" at the prompt is --generate-password: shown once, as that is.
  opts.generatePassword = password.generated;
  return { ...fields, password: password.value, notify: opts.notify === true };
}

/** A list the account may not read (or an older panel lacks) is simply not offered. */
async function fromPanel(
  ctx: Context,
  list: (client: Client) => Promise<string[]>,
): Promise<string[] | undefined> {
  if (ctx.options.dryRun) return undefined;
  return ifVisible(async () => list(await ctx.client()));
}
