// Runs a shipped form of dactl (the unpacked npm tarball, the single executable) as a user would:
// a command line, a temporary home and config directory, and nothing else from this checkout.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A temporary directory with a home and config dir inside, and a minimal environment for them. */
export function scratch(prefix: string): {
  dir: string;
  env: Record<string, string>;
  cleanup: () => void;
} {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const env = {
    HOME: join(dir, 'home'),
    DACTL_CONFIG_DIR: join(dir, 'config'),
    CI: 'true',
    NO_COLOR: '1',
  };
  return {
    dir,
    env,
    cleanup: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `command ...args` to the end (killed after 20 s). */
export function exec(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Starts `<command> ...args sandbox --port 0 -o json` and waits for its JSON line; the sandbox
 * saves the profile "sandbox" in env's DACTL_CONFIG_DIR. stop() ends it with SIGTERM.
 */
export async function sandbox(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<{ url: string; profile: unknown; stop: () => Promise<void> }> {
  const child = spawn(command, [...args, 'sandbox', '--port', '0', '-o', 'json'], {
    env,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) =>
    child.on('close', () => {
      resolve();
    }),
  );
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => {
        reject(new Error('sandbox: no JSON line in 20 s'));
      }, 20_000);
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        const newline = out.indexOf('\n');
        if (newline < 0) return;
        clearTimeout(timer);
        resolve(out.slice(0, newline));
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`sandbox exited before it was ready: ${stderr}`));
      });
    });
    const ready = JSON.parse(line) as { url: string; profile: unknown };
    return { url: ready.url, profile: ready.profile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
