// Where a password comes from, in order: DACTL_PASSWORD, the profile's password command, the
// profile's stored password, a hidden prompt at a terminal. Never from argv.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { UsageError } from '../errors.js';
import { readAll } from '../input.js';
import type { Prompts } from '../prompts.js';
import { checkSecret } from '../validate/settings.js';

const commandOutputLimit = 64 * 1024;

/** Runs a password command (as `pass show da/admin` would) and returns its first line. */
export async function runPasswordCommand(command: string, timeoutMs = 30_000): Promise<string> {
  let stdout: string;
  try {
    // promisify() here, not at load: it reads execFile, which loads child_process.
    ({ stdout } = await promisify(execFile)('/bin/sh', ['-c', command], {
      timeout: timeoutMs,
      maxBuffer: commandOutputLimit,
      env: process.env,
    }));
  } catch (error) {
    throw commandFailed(error as Error, timeoutMs);
  }
  const secret = stdout.split(/\r?\n/)[0] ?? '';
  if (!secret) throw new UsageError('The password command printed nothing.');
  return checkSecret(secret, 'the password command');
}

// Neither the command's stderr nor its text is shown: either may hold the secret itself
// (`echo hunter2`, or a tool that prints what it failed to parse).
function commandFailed(
  error: Error & { code?: unknown; killed?: boolean; signal?: unknown },
  timeoutMs: number,
): UsageError {
  const why =
    error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER'
      ? `printed more than ${String(commandOutputLimit / 1024)} KiB`
      : error.killed
        ? `did not finish within ${String(timeoutMs / 1000)} s`
        : typeof error.code === 'number'
          ? `exit ${String(error.code)}`
          : typeof error.signal === 'string'
            ? `killed by ${error.signal}`
            : 'could not be run';
  return new UsageError(
    `The password command failed (${why}); its output is not shown, as it may hold the secret.`,
    'Run the command yourself to see why, and check that it prints the password on its first line.',
  );
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
  return checkSecret(secret, flag);
}

interface SecretSources {
  envPassword?: string;
  passwordCommand?: string;
  stored?: string;
  prompts: Prompts;
  account: string;
}

export async function resolveSecret(sources: SecretSources): Promise<string> {
  if (sources.envPassword) return checkSecret(sources.envPassword, 'DACTL_PASSWORD');
  if (sources.passwordCommand) return runPasswordCommand(sources.passwordCommand);
  if (sources.stored) return checkSecret(sources.stored, 'the profile file');
  sources.prompts.require({
    message: `A password for ${sources.account}`,
    flag: 'DACTL_PASSWORD, or a profile with a stored password or --password-command',
  });
  const typed = await sources.prompts.secret({
    message: `Password for ${sources.account}:`,
    flag: 'DACTL_PASSWORD',
  });
  return checkSecret(typed, 'the prompt');
}
