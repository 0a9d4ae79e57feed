// Messages for people, on stderr. Quiet mode keeps warnings and errors only.
import type { Paint } from './paint.js';

export class Log {
  constructor(
    private readonly stderr: NodeJS.WritableStream,
    private readonly color: Paint,
    private readonly quiet: boolean,
  ) {}

  info(message: string): void {
    if (!this.quiet) this.stderr.write(message + '\n');
  }

  success(message: string): void {
    if (!this.quiet) this.stderr.write(`${this.color.green('✓')} ${message}\n`);
  }

  warn(message: string): void {
    this.stderr.write(`${this.color.yellow('warning:')} ${message}\n`);
  }

  error(message: string, hint?: string): void {
    this.stderr.write(`${this.color.red('error:')} ${message}\n`);
    if (hint) this.stderr.write(`${this.color.dim('hint:')} ${hint}\n`);
  }

  /** Trace lines of --debug; the caller has already redacted secrets. */
  debug(message: string): void {
    this.stderr.write(this.color.dim(`debug: ${message}`) + '\n');
  }
}
