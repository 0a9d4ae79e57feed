// A tiny spinner for long panel calls. It draws on stderr, and only at a terminal: a pipe, a
// log file or cron gets nothing at all, so stdout stays data and logs stay clean.
import type { Output } from '../io.js';

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const hideCursor = '\u001b[?25l';
const showCursor = '\u001b[?25h';
const clearLine = '\r\u001b[K';

export interface Spinner {
  /** Removes the spinner line and gives the cursor back. Safe to call twice. */
  stop(): void;
}

interface SpinnerOptions {
  stream: Output;
  env: NodeJS.ProcessEnv;
  /** -q: no decoration at all. */
  quiet?: boolean;
  intervalMs?: number;
}

/** Whether a spinner may draw: a real terminal, not dumb, not CI, not quiet. */
export function canSpin(options: SpinnerOptions): boolean {
  const { stream, env } = options;
  return stream.isTTY === true && env.TERM !== 'dumb' && !env.CI && options.quiet !== true;
}

/** Starts a spinner with `text` and the seconds elapsed; a no-op where canSpin() says no. */
export function startSpinner(text: string, options: SpinnerOptions): Spinner {
  if (!canSpin(options)) return { stop: () => undefined };
  const { stream } = options;
  const started = Date.now();
  let frame = 0;
  const draw = (): void => {
    const seconds = Math.floor((Date.now() - started) / 1000);
    stream.write(`${clearLine}${frames[frame % frames.length] ?? ''} ${text} ${String(seconds)}s`);
    frame += 1;
  };
  // Whatever ends the process, the cursor must come back. A signal skips 'exit', so it is
  // caught, the terminal restored, and the signal raised again to end dactl as it would have.
  const restore = (): void => {
    stream.write(clearLine + showCursor);
  };
  const interrupted = (signal: NodeJS.Signals): void => {
    detach();
    restore();
    process.kill(process.pid, signal);
  };
  const detach = (): void => {
    process.off('exit', restore);
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  };
  process.once('exit', restore);
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  stream.write(hideCursor);
  draw();
  const timer = setInterval(draw, options.intervalMs ?? 100);
  // The spinner alone never keeps dactl running.
  timer.unref();
  let stopped = false;
  return {
    stop: () => {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      detach();
      restore();
    },
  };
}
