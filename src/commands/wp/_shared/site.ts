// The inputs of `wp install`: where, the title and the administrator, from flags, stdin, a
// generator or prompts (src/prompt-fields.ts), all checked before anything is sent.
import type { QuickInstall } from '../../../api/wordpress.js';
import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import { readSecretFromStdin } from '../../../settings/secret.js';
import { checkFlag } from '../../../validate/settings.js';
import { emailAddress } from '../../../validate/account.js';
import { gather, newPasswordOf, type Field } from '../../../prompt-fields.js';
import { checkOwnDomain, ownDomainField } from '../../_shared/own-domain.js';
import {
  domainOfPath,
  installPath,
  installPathOf,
  siteTitle,
  subdirectory,
  wordpressLogin,
} from '../../../validate/wordpress.js';

export interface SiteOptions {
  domain?: string;
  subdir?: string;
  path?: string;
  title?: string;
  adminName?: string;
  adminEmail?: string;
  passwordStdin?: boolean;
  /** The old spelling of --password-stdin, still taken. */
  adminPassStdin?: boolean;
  generatePassword?: boolean;
}

const passwordFlags = '--password-stdin or --generate-password';

export async function siteToInstall(ctx: Context, opts: SiteOptions): Promise<QuickInstall> {
  const fromStdin = opts.passwordStdin === true || opts.adminPassStdin === true;
  if (fromStdin && opts.generatePassword) {
    throw new UsageError('Give either --password-stdin or --generate-password, not both.');
  }
  // Read first: a terminal on stdin then fails at once instead of after the prompts.
  const piped = fromStdin ? await readSecretFromStdin(ctx.io.stdin, '--password-stdin') : undefined;
  if (opts.path !== undefined && (opts.domain !== undefined || opts.subdir !== undefined)) {
    throw new UsageError('Give either --path, or --domain (with --subdir), not both.');
  }
  // "/blog/" and "blog" mean the same directory; "/" means public_html itself.
  const subdir = opts.subdir?.replace(/^\/+|\/+$/g, '') || undefined;
  if (subdir !== undefined) checkFlag('--subdir', subdir, subdirectory);
  const where: Field =
    opts.path !== undefined
      ? {
          flag: '--path',
          message: 'Path',
          check: installPath,
          given: opts.path,
          verify: (path) => checkOwnDomain(ctx, domainOfPath(path)),
        }
      : { ...ownDomainField(ctx, opts.domain), missing: '--domain (or --path)' };
  const input = await gather(
    ctx,
    {
      where,
      title: { flag: '--title', message: 'Site title', check: siteTitle, given: opts.title },
      adminName: {
        flag: '--admin-name',
        message: 'Admin login name',
        check: wordpressLogin,
        given: opts.adminName,
      },
      adminEmail: {
        flag: '--admin-email',
        message: 'Admin e-mail',
        check: emailAddress,
        given: opts.adminEmail,
      },
    },
    fromStdin || opts.generatePassword ? [] : [`an admin password (${passwordFlags})`],
  );
  const adminPass = await newPasswordOf(
    ctx,
    { piped, generate: opts.generatePassword },
    { message: `Password for the WordPress admin ${input.adminName}:`, flag: passwordFlags },
  );
  // "Generate one" at the prompt is --generate-password: shown once, as that is.
  opts.generatePassword = adminPass.generated;
  return {
    filePath: opts.path ?? installPathOf(input.where, subdir),
    title: input.title,
    adminName: input.adminName,
    adminEmail: input.adminEmail,
    adminPass: adminPass.value,
  };
}
