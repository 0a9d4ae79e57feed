// `--edit`: opens a JSON text in the user's editor ($VISUAL, then $EDITOR, then vi at a terminal)
// on a private temporary file, and reads it back. An edit that does not pass the caller's check
// is kept, so the work is not lost: the error says where it is and how to send it with --file.
// Any other way out removes the temporary directory, a signal included (EditDir).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CancelledError, DactlError, UsageError } from '../errors.js';

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

const endings = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A private (0700) temporary directory for one edit, removed on every way out unless kept. A
 * signal skips `finally`, so it is caught: SIGTERM and SIGHUP end the editor too, remove the
 * directory and end dactl as the signal would have. SIGINT while the editor runs is the
 * editor's (Ctrl-C reaches the whole foreground group, and vi uses it): dactl waits for the
 * editor to end, as git does, and an editor ended by it cancels the run (exit 130).
 */
export class EditDir {
  readonly dir = mkdtempSync(join(tmpdir(), 'dactl-edit-'));
  private child: ChildProcess | undefined;
  private kept = false;

  private readonly interrupted = (signal: NodeJS.Signals): void => {
    if (signal === 'SIGINT' && this.child !== undefined) return;
    this.child?.kill(signal);
    this.close();
    process.kill(process.pid, signal);
  };

  constructor() {
    for (const signal of endings) process.on(signal, this.interrupted);
  }

  path(name: string): string {
    return join(this.dir, name);
  }

  /** Leaves the directory in place when closed: it holds work the error points to. */
  keep(): void {
    this.kept = true;
  }

  close(): void {
    for (const signal of endings) process.off(signal, this.interrupted);
    if (!this.kept) rmSync(this.dir, { recursive: true, force: true });
  }

  /** Runs the editor on `file`; resolves when it exits 0. */
  edit(editor: string, file: string, stdoutIsTty: boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      // Through the shell, as git does, so "$EDITOR" may hold arguments; the file is passed as
      // $1 so its name needs no quoting. `exec`: the editor is the child a signal reaches.
      const child = spawn('/bin/sh', ['-c', `exec ${editor} "$1"`, 'dactl-editor', file], {
        stdio: ['inherit', stdoutIsTty ? 'inherit' : 2, 'inherit'],
      });
      this.child = child;
      child.on('error', (error) => {
        this.child = undefined;
        reject(new UsageError(`Cannot run the editor "${editor}": ${error.message}.`));
      });
      child.on('close', (code, signal) => {
        this.child = undefined;
        if (code === 0) resolve();
        else reject(editorFailed(editor, code, signal));
      });
    });
  }
}

/** Ctrl-C in the editor is a cancel (exit 130); any other failure says what to check. */
function editorFailed(editor: string, code: number | null, signal: string | null): DactlError {
  if (signal === 'SIGINT' || code === 130) {
    return new CancelledError(`The editor "${editor}" was interrupted; nothing was sent.`);
  }
  const how = signal ? `was stopped by ${signal}` : `exited with status ${String(code)}`;
  return new UsageError(
    `The editor "${editor}" ${how}; nothing was sent.`,
    'Check $VISUAL / $EDITOR; an editor that runs in the background needs a "wait" flag, e.g. "code --wait".',
  );
}

/**
 * Opens `initial` in the editor and hands the result to `accept`, which returns the parsed value
 * or throws. The temporary file goes away, except after a failed check.
 */
export async function editJson<T>(
  initial: string,
  options: EditOptions,
  accept: (text: string, source: string) => T,
): Promise<T> {
  const editor = chooseEditor(options.env, options.interactive);
  // A private directory: the definition may hold secrets in its environment.
  const temp = new EditDir();
  const file = temp.path(options.fileName);
  try {
    writeFileSync(file, initial.endsWith('\n') ? initial : initial + '\n', { mode: 0o600 });
    await temp.edit(editor, file, options.stdoutIsTty);
    const text = readFileSync(file, 'utf8');
    try {
      return accept(text, `The edited definition (${file})`);
    } catch (error) {
      if (!(error instanceof DactlError)) throw error;
      temp.keep();
      throw new UsageError(
        error.message,
        `Your edit is kept in ${file}; fix it and send it with --file ${file}.`,
      );
    }
  } finally {
    temp.close();
  }
}
