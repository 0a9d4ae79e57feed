// --watch: a command's output drawn again at a terminal every few seconds, as watch(1) does. Only
// at a terminal: a redrawn screen means nothing in a pipe, and a run that never ends is what cron
// must never get (design.md), so scripts ask once per run instead. Ctrl-C is how a watch is left,
// not a cancellation: it ends with exit 0, as watch(1) and `dactl sandbox` do; a second Ctrl-C
// during a slow refresh ends dactl at once, as the signal would.
import type { Context } from '../context.js';
import { DactlError, UsageError } from '../errors.js';

const clearScreen = '\u001b[H\u001b[2J';

/** --watch's value: seconds, from 1 to a day (1.5 is taken). */
export function watchSeconds(value: string): number {
  const seconds = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  if (!(seconds >= 1 && seconds <= 86_400)) {
    throw new UsageError(`--watch "${value}": must be a number of seconds from 1 to 86400.`);
  }
  return seconds;
}

/**
 * Draws at once, then every `seconds` until SIGINT or SIGTERM. A failing first draw ends the run
 * with its error (a wrong socket is said at once); a later one is shown in place and tried again.
 */
export async function watch(
  ctx: Context,
  seconds: number,
  title: string,
  draw: () => Promise<void>,
): Promise<void> {
  if (ctx.io.stdout.isTTY !== true) {
    throw new UsageError(
      '--watch redraws a terminal, and the output is not one.',
      'In a script, ask once per run, e.g. from cron or: while sleep 5; do dactl unit status -o json; done',
    );
  }
  let stop = (): void => undefined;
  const stopped = new Promise<'stop'>((resolve) => {
    stop = () => {
      resolve('stop');
    };
  });
  const end = (): void => {
    detach();
    stop();
  };
  const detach = (): void => {
    process.off('SIGINT', end);
    process.off('SIGTERM', end);
  };
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
  let timer: NodeJS.Timeout | undefined;
  try {
    for (let first = true; ; first = false) {
      ctx.io.stdout.write(clearScreen);
      ctx.log.info(
        `Every ${String(seconds)} s: ${title}   ${new Date().toTimeString().slice(0, 8)}\n`,
      );
      try {
        await draw();
      } catch (error) {
        if (first || !(error instanceof DactlError)) throw error;
        ctx.log.error(error.message, error.hint);
      }
      const tick = new Promise<'tick'>((resolve) => {
        timer = setTimeout(() => {
          resolve('tick');
        }, seconds * 1000);
      });
      if ((await Promise.race([stopped, tick])) === 'stop') return;
    }
  } finally {
    clearTimeout(timer);
    detach();
  }
}
