// `--edit`: opens a JSON text in the user's editor ($VISUAL, then $EDITOR, then vi at a terminal)
// on a private temporary file, and reads it back. An edit that does not pass the caller's check
// is kept, so the work is not lost: the error says where it is and how to send it with --file.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DactlError, UsageError } from '../errors.js';

export interface EditOptions {
  env: NodeJS.ProcessEnv;
  /** A terminal is there: vi may be the fallback. */
  interactive: boolean;
  /** Without a terminal on stdout, the editor writes to stderr so stdout stays data. */
  stdoutIsTty: boolean;
  /** The temporary file's name, e.g. `fred.example_app.json`. */
  fileName: string;
}

/** The editor command, as the user wrote it (it may carry arguments: "code --wait"). */
export function chooseEditor(env: NodeJS.ProcessEnv, interactive: boolean): string {
  const editor = env.VISUAL?.trim() || env.EDITOR?.trim() || (interactive ? 'vi' : undefined);
  if (editor === undefined) {
    throw new UsageError(
      '--edit needs an editor: set $VISUAL or $EDITOR, or run at a terminal (vi is the fallback).',
      'In scripts, give the definition with --file <f> or --file - (stdin) instead.',
    );
  }
  return editor;
}

/**
 * Opens `initial` in the editor and hands the result to `accept`, which returns the parsed value
 * or throws. The temporary file goes away on success and stays after a failed check.
 */
export async function editJson<T>(
  initial: string,
  options: EditOptions,
  accept: (text: string, source: string) => T,
): Promise<T> {
  const editor = chooseEditor(options.env, options.interactive);
  // mkdtemp makes a 0700 directory: the definition may hold secrets in its environment.
  const dir = mkdtempSync(join(tmpdir(), 'dactl-edit-'));
  const file = join(dir, options.fileName);
  writeFileSync(file, initial.endsWith('\n') ? initial : initial + '\n', { mode: 0o600 });
  try {
    await runEditor(editor, file, options.stdoutIsTty);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const text = readFileSync(file, 'utf8');
  try {
    const value = accept(text, `The edited definition (${file})`);
    rmSync(dir, { recursive: true, force: true });
    return value;
  } catch (error) {
    if (!(error instanceof DactlError)) throw error;
    throw new UsageError(
      error.message,
      `Your edit is kept in ${file}; fix it and send it with --file ${file}.`,
    );
  }
}

export function runEditor(editor: string, file: string, stdoutIsTty: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    // Through the shell, as git does, so "$EDITOR" may hold arguments; the file is passed as $1
    // so its name needs no quoting.
    const child = spawn('/bin/sh', ['-c', `${editor} "$1"`, 'dactl-editor', file], {
      stdio: ['inherit', stdoutIsTty ? 'inherit' : 2, 'inherit'],
    });
    child.on('error', (error) => {
      reject(new UsageError(`Cannot run the editor "${editor}": ${error.message}.`));
    });
    child.on('close', (code, signal) => {
      if (code === 0) {
        resolve();
        return;
      }
      const how = signal ? `was stopped by ${signal}` : `exited with status ${String(code)}`;
      reject(
        new UsageError(
          `The editor "${editor}" ${how}; nothing was sent.`,
          'Check $VISUAL / $EDITOR; an editor that runs in the background needs a "wait" flag, e.g. "code --wait".',
        ),
      );
    });
  });
}
