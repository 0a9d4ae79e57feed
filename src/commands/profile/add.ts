import { resolve } from 'node:path';
import { Command } from 'commander';
import { LeafCommand } from '../../command.js';
import { loginTest } from '../../api/session.js';
import { notThePassword, UsageError } from '../../errors.js';
import { readCa } from '../../settings/ca.js';
import { defaultTimeoutMs } from '../../settings/connection.js';
import { readSecretFromStdin, runPasswordCommand } from '../../settings/secret.js';
import { certificateToPin } from '../../settings/trust.js';
import type { Profile } from '../../settings/store.js';
import {
  accountName,
  checkFlag,
  checkSecret,
  clearTextWarning,
  profileName,
  sentInClear,
} from '../../validate/settings.js';
import { notes, withExamples } from '../../help/text.js';
import { panelUrlOf } from '../_shared/panel-url.js';

interface AddOptions {
  url?: string;
  username?: string;
  passwordStdin?: boolean;
  passwordCommand?: string;
  default?: boolean;
  verify: boolean;
  pinCert?: string;
}

export const addCommand = (): Command =>
  withExamples(
    new LeafCommand('add')
      .description('Save a connection to a panel, after checking that the login works')
      .argument('[name]', 'profile name (letters, digits, ".", "_", "-")')
      .option(
        '--url <url>',
        'panel address, e.g. https://panel.example.com:2222 (https:// if no scheme)',
      )
      .option('--username <user>', 'account to sign in as')
      .option('--password-stdin', 'read the password (or Login Key) from stdin')
      .option('--password-command <cmd>', 'run this at each use; its output is the password')
      .option('--default', 'make this the current profile')
      .option('--no-verify', 'save without checking the login')
      .option('--pin-cert <sha256>', 'trust the self-signed certificate with this fingerprint')
      .addHelpText(
        'after',
        notes(
          '\nWithout --password-stdin or --password-command, the password is asked (hidden) at a terminal,\n' +
            'and again when the panel refuses it (three tries in all). Also takes the global --ca-cert\n' +
            '<file>, --insecure and --as <user> (saved as the default).',
        ),
      )
      .local()
      .act(async (ctx, given: string | undefined, opts: AddOptions) => {
        const name = checkFlag(
          'profile name',
          given ??
            (await ctx.prompts.text({
              message: 'Profile name',
              flag: '<name> (dactl profile add <name>)',
              validate: profileName,
            })),
          profileName,
        );
        if (opts.passwordStdin && opts.passwordCommand) {
          throw new UsageError('Give either --password-stdin or --password-command, not both.');
        }
        const store = await ctx.profiles();
        if (store.find(name)) {
          await ctx.prompts.confirm({
            message: `Profile "${name}" exists. Replace it?`,
            flag: '--yes',
            yes: ctx.options.yes === true,
          });
        }
        const url = await panelUrlOf(ctx, opts.url);
        const username =
          opts.username ??
          (await ctx.prompts.text({
            message: 'Username',
            flag: '--username',
            validate: accountName,
          }));
        checkFlag('--username', username, accountName);
        const caCert = ctx.options.caCert === undefined ? undefined : resolve(ctx.options.caCert);
        if (caCert) readCa(caCert);
        // --no-verify sends nothing, so it looks at no certificate unless told to pin one.
        const pinnedCert =
          opts.verify || opts.pinCert !== undefined
            ? await certificateToPin(ctx, url, opts.pinCert)
            : undefined;

        const profile: Profile = { url, username };
        if (caCert) profile.caCert = caCert;
        if (ctx.options.insecure) profile.insecure = true;
        if (pinnedCert) profile.pinnedCert = pinnedCert;
        if (ctx.options.as) profile.as = ctx.options.as;
        const connection = {
          profile: name,
          url,
          username,
          caCert,
          insecure: profile.insecure ?? false,
          pin: pinnedCert,
          timeoutMs: ctx.timeoutMs ?? defaultTimeoutMs,
        };
        // The account's own login first, so a refused password is told from a refused --as.
        const verify = async (password: string): Promise<string> => {
          if (!opts.verify) return password;
          const { makeClient } = await import('../../settings/client.js');
          const client = await makeClient(connection, ctx, password);
          await loginTest(client);
          if (profile.as) {
            await loginTest(client.actingAs(profile.as)).catch((error: unknown) => {
              throw notThePassword(error);
            });
          }
          return password;
        };
        let password: string;
        if (opts.passwordCommand) {
          profile.passwordCommand = opts.passwordCommand;
          password = await verify(await runPasswordCommand(opts.passwordCommand));
        } else {
          password = opts.passwordStdin
            ? await verify(await readSecretFromStdin(ctx.io.stdin, '--password-stdin'))
            : await ctx.prompts.secretAccepted(
                {
                  message: `Password (or Login Key) for ${username}:`,
                  flag: '--password-stdin or --password-command',
                },
                (typed) => verify(checkSecret(typed, 'the prompt')),
              );
          profile.password = password;
        }
        if (!opts.verify && sentInClear(url)) {
          ctx.log.warn(clearTextWarning(url)); // makeClient says it when the login is checked
        }
        await store.save(name, profile, opts.default === true);
        const current = store.current === name ? ' (current)' : '';
        ctx.log.success(`Saved profile "${name}"${current}: ${username} at ${url}.`);
      }),
    'dactl profile add   # at a terminal: asks for the name, the URL, the username and the password',
    'dactl profile add prod --url https://panel.example.com:2222 --username admin',
    'pass show da/admin | dactl profile add prod --url https://panel.example.com:2222 --username admin --password-stdin',
    "dactl profile add prod --url https://panel.example.com:2222 --username admin --password-command 'pass show da/admin'",
    'dactl profile add fred --url https://panel.example.com:2222 --username admin --as fred --ca-cert panel.pem',
  );
