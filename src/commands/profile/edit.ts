import { resolve } from 'node:path';
import { Argument, Command } from 'commander';
import { LeafCommand } from '../../command.js';
import { Context } from '../../context.js';
import { loginTest } from '../../api/session.js';
import { UsageError } from '../../errors.js';
import { readCa } from '../../settings/ca.js';
import { accountClient } from '../_shared/login-session.js';
import { withKeyLock } from '../../settings/key-lock.js';
import { resolveSecret } from '../../settings/secret.js';
import type { Profile } from '../../settings/store.js';
import { certificateToPin } from '../../settings/trust.js';
import { checkFlag, panelUrl, profileName } from '../../validate/settings.js';
import { panelUrlOf } from '../_shared/panel-url.js';
import { notes, withExamples } from '../../help/text.js';
import { completeWith } from '../../completion/values.js';
import { profileFields, viewOf } from './_shared/view.js';

interface EditOptions {
  url?: string;
  pinCert?: string;
  repin?: boolean;
  verify: boolean;
}

export const editCommand = (): Command =>
  withExamples(
    new LeafCommand('edit')
      .description("Change a profile's URL or certificate, keeping its key (no new login)")
      .addArgument(completeWith(new Argument('<name>', 'profile name'), { source: 'profiles' }))
      .option('--url <url>', 'the panel’s new address, e.g. https://panel.example.com:2222')
      .option('--pin-cert <sha256>', 'pin the certificate with this fingerprint')
      .option('--repin', 'show the certificate the panel presents now and pin it (at a terminal)')
      .option('--no-verify', 'save without checking the login with the saved key')
      .addHelpText(
        'after',
        notes(
          '\nAlso takes the global --ca-cert <file> (trust this CA instead of a pinned certificate).\n' +
            'The saved key or password is checked against the panel as changed, then saved; a new\n' +
            'host asks first (--yes without a terminal), since the saved secret goes there. A new\n' +
            'URL needs its certificate pinned again unless a CA the system or --ca-cert trusts\n' +
            'signed it. A profile dactl sandbox made becomes your own once its URL changes.',
        ),
      )
      .local()
      .act(async (ctx, name: string, opts: EditOptions) => {
        checkFlag('the profile name', name, profileName);
        const caFile = ctx.options.caCert === undefined ? undefined : resolve(ctx.options.caCert);
        if (opts.url === undefined && caFile === undefined && !opts.pinCert && !opts.repin) {
          throw new UsageError(
            'Nothing to change: give --url, --ca-cert, --pin-cert or --repin.',
            `E.g. dactl profile edit ${name} --url https://panel.example.com:2222`,
          );
        }
        if ((opts.pinCert !== undefined || opts.repin) && caFile !== undefined) {
          throw new UsageError('Give --ca-cert or a pin (--pin-cert, --repin), not both.');
        }
        const store = await ctx.profiles();
        const old = store.get(name);
        const url =
          opts.url === undefined
            ? checkFlag('the profile URL', old.url, panelUrl)
            : await panelUrlOf(ctx, opts.url);
        if (caFile !== undefined) readCa(caFile);
        const elsewhere = new URL(url).origin !== new URL(old.url).origin;
        const secret = old.passwordCommand ?? old.password;
        if (elsewhere && secret !== undefined) {
          await ctx.prompts.confirm({
            message: `Send the saved key of profile "${name}" to ${new URL(url).origin} from now on?`,
            flag: '--yes',
            yes: ctx.options.yes === true,
          });
        }
        const edited = await newTrust(ctx, old, url, caFile, opts, elsewhere);
        if (opts.verify) await checkLogin(ctx, name, edited);
        await withKeyLock(store.dir, name, async () => {
          // A login or rotation since: its key is kept, with this change.
          store.reload();
          const now = store.get(name);
          const saved: Profile = { ...now, url: edited.url };
          delete saved.caCert;
          delete saved.pinnedCert;
          if (edited.caCert) saved.caCert = edited.caCert;
          if (edited.pinnedCert) saved.pinnedCert = edited.pinnedCert;
          if (elsewhere) delete saved.sandbox;
          await store.save(name, saved, false);
        });
        ctx.log.success(`Saved profile "${name}": ${edited.username} at ${edited.url}.`);
        await ctx.out.record(viewOf(name, store.get(name), store.current), profileFields);
      }),
    'dactl profile edit prod --url https://panel.example.net:2222',
    'dactl profile edit prod --repin   # at a terminal: shows the renewed certificate, asks',
    'dactl profile edit prod --pin-cert AB:CD:…',
    'dactl profile edit prod --ca-cert /etc/ssl/panel-ca.pem',
    'dactl profile edit prod --url https://192.0.2.10:2222 --pin-cert AB:CD:… --yes -o json',
  );

/** The profile with its new URL and what to trust there: a CA file, a pin, or the system's CAs. */
async function newTrust(
  ctx: Context,
  old: Profile,
  url: string,
  caFile: string | undefined,
  opts: EditOptions,
  elsewhere: boolean,
): Promise<Profile> {
  const edited: Profile = { ...old, url };
  delete edited.pinnedCert;
  if (caFile !== undefined) return { ...edited, caCert: caFile };
  const pinning = opts.pinCert !== undefined || opts.repin === true;
  if (pinning) delete edited.caCert;
  else if (old.caCert !== undefined) return edited;
  else if (!elsewhere && old.pinnedCert !== undefined)
    return { ...edited, pinnedCert: old.pinnedCert };
  // A new panel address, or a pin asked for: what the panel presents now.
  const pin = await certificateToPin(ctx, url, opts.pinCert);
  return pin === undefined ? edited : { ...edited, pinnedCert: pin };
}

/** The saved key (or password command) signs in at the profile as edited; nothing else is sent. */
async function checkLogin(ctx: Context, name: string, profile: Profile): Promise<void> {
  const secret = await resolveSecret({
    passwordCommand: profile.passwordCommand,
    stored: profile.password,
    prompts: ctx.prompts,
    account: profile.username,
  });
  const client = await accountClient(ctx, { ...profile, profile: name }, secret);
  await loginTest(client);
}
