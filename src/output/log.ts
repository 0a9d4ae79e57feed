// Messages for people, on stderr. Quiet mode keeps warnings and errors only. Messages may carry
// panel text, so each is escaped (escapeLines) before any colour is added.
import { escapeLines } from '../text/escape.js';
import type { Output } from '../io.js';
import type { Paint } from './paint.js';

export class Log {
  constructor(
    private readonly stderr: Output,
    private readonly color: Paint,
    private readonly quiet: boolean,
    /** In a fleet run, the panel's profile ("eu1: "), so each message says which panel. */
    private readonly prefix = '',
  ) {}

  /** A message, optionally in one colour (a diff's removed and added lines). */
  info(message: string, style?: 'red' | 'green' | 'dim'): void {
    const text = escapeLines(message);
    if (!this.quiet)
      this.stderr.write(this.prefix + (style ? this.color[style](text) : text) + '\n');
  }

  success(message: string): void {
    if (!this.quiet)
      this.stderr.write(this.prefix + `${this.color.green('✓')} ${escapeLines(message)}\n`);
  }

  warn(message: string): void {
    this.stderr.write(this.prefix + `${this.color.yellow('warning:')} ${escapeLines(message)}\n`);
  }

  error(message: string, hint?: string): void {
    this.stderr.write(this.prefix + `${this.color.red('error:')} ${escapeLines(message)}\n`);
    if (hint) this.stderr.write(this.prefix + `${this.color.dim('hint:')} ${escapeLines(hint)}\n`);
  }

  /** Trace lines of --debug; the caller has already redacted secrets. */
  debug(message: string): void {
    this.stderr.write(this.prefix + this.color.dim(`debug: ${escapeLines(message)}`) + '\n');
  }
}
