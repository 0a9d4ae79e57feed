import { UsageError } from '../errors.js';
import { readTrusted, UntrustedPathError } from '../trusted-path.js';

/** A CA bundle is a few hundred KiB at most. */
const maxCaBytes = 4 * 1024 * 1024;

/**
 * Reads a --ca-cert file under the path rule (a certificate dactl trusts is configuration: a file
 * another user could change would let them stand in for the panel); a missing or unreadable one
 * is exit 2, one that fails the rule exit 3, before anything is sent.
 */
export function readCa(path: string): string {
  let data: Buffer | undefined;
  try {
    data = readTrusted(path, { maxBytes: maxCaBytes, label: 'the CA certificate' });
  } catch (error) {
    if (error instanceof UntrustedPathError) throw error;
    throw new UsageError(
      `Cannot read the CA certificate ${path}: ${error instanceof Error ? error.message : String(error)}.`,
      'Pass a PEM file with --ca-cert <file>.',
    );
  }
  if (data === undefined) {
    throw new UsageError(
      `Cannot read the CA certificate ${path}: there is no such file.`,
      'Pass a PEM file with --ca-cert <file>.',
    );
  }
  return data.toString('utf8');
}
