import { readFileSync } from 'node:fs';
import { UsageError } from '../errors.js';

/** Reads a --ca-cert file; a missing or unreadable one is exit 2, before anything is sent. */
export function readCa(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `Cannot read the CA certificate ${path}: ${error instanceof Error ? error.message : String(error)}.`,
      'Pass a PEM file with --ca-cert <file>.',
    );
  }
}
