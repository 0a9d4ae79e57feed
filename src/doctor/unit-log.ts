// Which application each failing line of Unit's log belongs to. Unit (1.35: src/nxt_app_log.c,
// src/nxt_unit.c) writes `YYYY/MM/DD HH:MM:SS [level] pid#tid [*conn] [[unit]] [#stream: ]msg`
// and names a failing process by its id, not its application: the application is known only
// from the line that started the process (`"<app>" prototype started`, `"<app>" application
// started`), until the line of its exit (`process N exited ...`, `app process N exited ...`).
// The router names the application itself: `failed to start application "<app>"` (a warning),
// then `failed to apply new conf` from the same thread; `stream #N, app '<app>': failed to ...`.
// Lines without the prefix (an application's own output, a traceback) are not Unit's: skipped.
// libunit, in the application's process, adds `[unit]` and logs pid 0 before its init (Ruby's
// `Failed to require 'rack'`, Perl's `PSGI: Failed to parse script`), with the thread id right.

export interface Failure {
  /** The live application name; undefined when no line in the window says whose it is. */
  app?: string;
  /** One of Unit's own processes (router, controller, main process), when the line is its own. */
  process?: string;
  /** Whether the line is the application's own process's (not the router's about it). */
  own: boolean;
  pid: number;
  line: string;
}

const prefix =
  /^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d(?:\.\d{3})? \[(alert|error|warn|notice|info|debug)\] (\d+)#(\d+) (?:\*\d+ )?(?:\[unit\] )?(?:#\d+: )?(.*)$/;
const started = /^(?:"(.+)" (?:prototype|application)|(unit) \S+|(\w+)) started$/;
const exited = /^(?:app )?process (\d+)(?: \(isolated \d+\))? exited (?:with code|on signal) /;
const startFailed = /^failed to start (?:prototype|application) "(.+)"$/;
const routerApp = /^stream #\d+, app '(.+?)': /;

/** The failures of `lines` (oldest first), each with whose they are as far as the lines tell. */
export function logFailures(lines: readonly string[]): Failure[] {
  /** What each running process is: an application's (`app`) or one of Unit's own. */
  const running = new Map<number, { app?: string; process?: string }>();
  /** The application the router last failed to start, per thread: whose `failed to apply`. */
  const lastStart = new Map<string, string>();
  const out: Failure[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    const m = prefix.exec(line);
    if (!m) continue;
    const [, level = '', pidText = '', tid = '', message = ''] = m;
    // Pid 0 (libunit before its init): a process's first thread's id is its pid on Linux.
    const pid = Number(pidText) || Number(tid);
    const failing = level === 'alert' || level === 'error';
    const start = started.exec(message);
    if (start) {
      const [, app, main, own] = start;
      running.set(
        pid,
        app === undefined ? { process: main ? 'main process' : (own ?? '') } : { app },
      );
      continue;
    }
    const exit = exited.exec(message);
    if (exit) {
      const child = Number(exit[1]);
      // An exit on a signal is an alert: the process that died is the one it names.
      if (failing) out.push({ ...running.get(child), own: true, pid: child, line });
      running.delete(child);
      continue;
    }
    const named = startFailed.exec(message)?.[1];
    if (named !== undefined) {
      lastStart.set(`${pidText}#${tid}`, named);
      out.push({ app: named, own: false, pid, line });
      continue;
    }
    if (!failing) continue;
    const app =
      routerApp.exec(message)?.[1] ??
      (message === 'failed to apply new conf' ? lastStart.get(`${pidText}#${tid}`) : undefined);
    out.push(
      app === undefined
        ? { ...running.get(pid), own: true, pid, line }
        : { app, own: false, pid, line },
    );
  }
  return out;
}

/**
 * The one line shown for each application: the first failing line of its last failing process
 * (Python's import error, not the traceback's tail; the last attempt, not an old one); the
 * router's last line about it when its own processes logged none.
 */
export function shownLine(failures: readonly Failure[]): string {
  const own = failures.filter((f) => f.own);
  const last = own.at(-1);
  if (last === undefined) return failures.at(-1)?.line ?? '';
  return own.find((f) => f.pid === last.pid)?.line ?? last.line;
}
