// The first contact with a panel (dactl login, profile add): a certificate no authority signed is
// shown (SHA-256 fingerprint and subject) and pinned once the user confirms it, or when
// --pin-cert names it; without a terminal there is no asking, only --pin-cert.
import type { Context } from '../context.js';
import { NetworkError } from '../errors.js';
import { normaliseFingerprint, probeCertificate, type PinnedCert } from '../http/pin.js';
import { defaultTimeoutMs } from './connection.js';

/** The certificate to pin in the profile, or undefined when none is needed. */
export async function certificateToPin(
  ctx: Context,
  url: string,
  pinCert: string | undefined,
): Promise<PinnedCert | undefined> {
  const wanted = pinCert === undefined ? undefined : normaliseFingerprint(pinCert);
  if (!url.startsWith('https:') || ctx.options.insecure) return undefined;
  if (wanted === undefined && ctx.options.caCert !== undefined) return undefined;
  const seen = await probeCertificate(url, Math.min(ctx.timeoutMs ?? defaultTimeoutMs, 30_000));
  const pin = { sha256: seen.sha256, pem: seen.pem };
  if (wanted !== undefined) {
    if (wanted === seen.sha256) return pin;
    throw new NetworkError(
      `The certificate of ${url} is not the one --pin-cert names: expected SHA-256 ${wanted}, presented ${seen.sha256} (${seen.subject}).`,
      'Check the fingerprint on the server (openssl x509 -noout -fingerprint -sha256 -in <cert>).',
      true,
    );
  }
  if (seen.authorized) return undefined;
  const shown = `certificate of ${url} is not signed by an authority this system trusts.\n  Subject: ${seen.subject}\n  SHA-256: ${seen.sha256}`;
  if (!ctx.prompts.interactive) {
    throw new NetworkError(
      `The ${shown}`,
      `Check the fingerprint on the server, then pass --pin-cert ${seen.sha256} (or --ca-cert <file>).`,
      true,
    );
  }
  ctx.log.info(`The ${shown}`);
  await ctx.prompts.confirm({
    message: 'Is that the panel’s certificate? Pin it in the profile and trust only it',
    flag: '--pin-cert <sha256>',
    yes: false,
  });
  return pin;
}
