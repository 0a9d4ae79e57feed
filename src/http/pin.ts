// Certificate pinning for panels with a self-signed certificate (the ssh known-hosts model): the
// profile keeps the certificate and its SHA-256 fingerprint; later runs trust exactly that one.
import { connect, type PeerCertificate } from 'node:tls';
import { NetworkError, UsageError } from '../errors.js';

export interface PinnedCert {
  /** `AB:CD:…`, as Node's fingerprint256. */
  sha256: string;
  pem: string;
}

interface SeenCert extends PinnedCert {
  subject: string;
  /** Trusted by the system's certificate authorities. */
  authorized: boolean;
}

/** `sha256:abcd…`, `AB:CD:…` or 64 hex digits → `AB:CD:…`. */
export function normaliseFingerprint(text: string): string {
  const hex = text
    .replace(/^sha256:/i, '')
    .replace(/:/g, '')
    .toUpperCase();
  if (!/^[0-9A-F]{64}$/.test(hex)) {
    throw new UsageError(
      `--pin-cert "${text}": give the certificate's SHA-256 fingerprint, 64 hex digits (colons allowed).`,
    );
  }
  return hex.replace(/(..)(?!$)/g, '$1:');
}

/** The certificate the panel presents, read without sending anything but a TLS handshake. */
export function probeCertificate(url: string, timeoutMs: number): Promise<SeenCert> {
  const { hostname, port } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const socket = connect({
      host,
      port: Number(port || 443),
      servername: /^[\d.]+$|:/.test(host) ? undefined : host,
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    const fail = (why: string): void => {
      socket.destroy();
      reject(new NetworkError(`Cannot read the certificate of ${url}: ${why}.`, undefined, true));
    };
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      socket.end();
      resolve({
        sha256: cert.fingerprint256,
        pem: toPem(cert),
        subject: subjectOf(cert),
        authorized: socket.authorized,
      });
    });
    socket.once('timeout', () => {
      fail('no TLS handshake in time');
    });
    socket.once('error', (error: Error) => {
      fail(error.message);
    });
  });
}

/** got's https options that trust exactly the pinned certificate, whatever its name. */
export function pinnedHttps(pin: PinnedCert): {
  certificateAuthority: string;
  rejectUnauthorized: true;
  checkServerIdentity: (host: string, cert: PeerCertificate) => Error | undefined;
} {
  return {
    certificateAuthority: pin.pem,
    rejectUnauthorized: true,
    checkServerIdentity: (_host, cert) =>
      cert.fingerprint256 === pin.sha256
        ? undefined
        : Object.assign(new Error('certificate changed'), { code: 'ERR_CERT_PIN_MISMATCH' }),
  };
}

/** Exit 6 naming both fingerprints: the pinned one and the one the panel shows now. */
export async function pinMismatch(
  url: string,
  pin: PinnedCert,
  timeoutMs: number,
): Promise<NetworkError> {
  const seen = await probeCertificate(url, timeoutMs).catch(() => undefined);
  return new NetworkError(
    `The certificate of ${new URL(url).origin} is not the one pinned in the profile: pinned SHA-256 ${pin.sha256}, presented ${seen?.sha256 ?? '(unreadable)'}${seen ? ` (${seen.subject})` : ''}.`,
    `If the panel really has a new certificate, check its fingerprint on the server, then pin it: dactl login --pin-cert ${seen?.sha256 ?? '<sha256>'} (profile add takes --pin-cert too).`,
    true,
  );
}

const toPem = (cert: PeerCertificate): string =>
  `-----BEGIN CERTIFICATE-----\n${cert.raw
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;

const subjectOf = (cert: PeerCertificate): string =>
  Object.entries(cert.subject)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('+') : String(v)}`)
    .join(', ');
