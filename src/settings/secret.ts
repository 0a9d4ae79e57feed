// Where a password comes from, in order: DACTL_PASSWORD, the profile's password command, the
// profile's stored password, a hidden prompt at a terminal. Never from argv.
import { execFile } from 'node:child_process';
import { UsageError } from '../errors.js';
import { readAll } from '../input.js';
import type { Prompts } from '../prompts.js';

/** Runs a password command (as `pass show da/admin` would) and returns its first line. */
export function runPasswordCommand(command: string, timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      '/bin/sh',
      ['-c', command],
      { timeout: timeoutMs, maxBuffer: 64 * 1024, env: process.env },
      (error, stdout, stderr) => {
        if (error) {
          const why = stderr.trim().split('\n')[0] ?? '';
          reject(
            new UsageError(
              `The password command failed (${error.code !== undefined ? `exit ${String(error.code)}` : error.message})${why ? `: ${why}` : ''}.`,
              'Run the command yourself to check it prints the password.',
            ),
          );
          return;
        }
        const secret = stdout.split(/\r?\n/)[0] ?? '';
        if (!secret) reject(new UsageError('The password command printed nothing.'));
        else resolve(secret);
      },
    );
  });
}

/** Reads a whole secret from stdin (for --password-stdin), without its trailing newline. */
export async function readSecretFromStdin(
  stdin: NodeJS.ReadableStream,
  flag: string,
): Promise<string> {
  if ((stdin as { isTTY?: boolean }).isTTY) {
    throw new UsageError(
      `${flag} reads the secret from a pipe, e.g. "pass show da/admin | dactl ... ${flag}".`,
    );
  }
  const secret = (await readAll(stdin)).replace(/\r?\n$/, '');
  if (!secret) throw new UsageError(`${flag} was given but stdin was empty.`);
  return secret;
}

export interface SecretSources {
  envPassword?: string;
  passwordCommand?: string;
  stored?: string;
  prompts: Prompts;
  account: string;
}

export async function resolveSecret(sources: SecretSources): Promise<string> {
  if (sources.envPassword) return sources.envPassword;
  if (sources.passwordCommand) return runPasswordCommand(sources.passwordCommand);
  if (sources.stored) return sources.stored;
  sources.prompts.require({
    message: `A password for ${sources.account}`,
    flag: 'DACTL_PASSWORD, or a profile with a stored password or --password-command',
  });
  return sources.prompts.secret({
    message: `Password for ${sources.account}:`,
    flag: 'DACTL_PASSWORD',
  });
}
