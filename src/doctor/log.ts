// The last lines of Unit's log (spec 2.6: /var/log/unit/unit.log) that name a failing
// application: an error, alert, crit or emerg line quoting the application's live name.
import { UntrustedPathError } from '../trusted-path.js';
import { ok, type Finding } from './findings.js';
import type { PanelFiles } from './read.js';

/** How far back the log is read: its end (caps.logTail), then its last lines. */
const tailLines = 200;

const failing = /\[(error|alert|crit|emerg)\].*?"([^"]+)"/;

/** `owner` maps a live application name to its user and domain (undefined: not in scope). */
export function logFindings(
  files: PanelFiles,
  path: string,
  owner: (app: string) => { user: string; domain: string; item: string } | undefined,
): Finding[] {
  const base = { check: 'log' as const, user: '', domain: '', item: 'unit.log' };
  let text: string | undefined;
  try {
    text = files.tail(path);
  } catch (error) {
    // Unit writes the applications' own output there, so the log is never the panel's word: a
    // log in a place that fails the path rule (Ubuntu's /var/log is group-writable) is left
    // unread with a warning, where the panel's files would be refused.
    if (!(error instanceof UntrustedPathError)) throw error;
    return [
      {
        ...base,
        status: 'warn',
        detail: `Unit's log was not read: ${error.message}`,
        fix: error.hint ?? '',
      },
    ];
  }
  if (text === undefined) {
    return [
      {
        ...base,
        status: 'warn',
        detail: `Unit's log ${path} ${files.absence(path)}.`,
        fix: 'Give it with --log or DACTL_UNIT_LOG.',
      },
    ];
  }
  const last = new Map<string, string>();
  for (const line of text.split('\n').slice(-tailLines)) {
    const name = failing.exec(line)?.[2];
    if (name !== undefined) last.set(name, line.trim());
  }
  const out: Finding[] = [];
  for (const [name, line] of last) {
    const who = owner(name);
    if (who === undefined) continue;
    out.push({
      check: 'log',
      ...who,
      status: 'fail',
      detail: line,
      fix: `Read the lines around it in ${path}, fix the application, then restart it (dactl unit app modify).`,
    });
  }
  if (out.length === 0)
    out.push(
      ok({
        ...base,
        detail: `No failing application in the last ${String(tailLines)} lines of ${path}.`,
      }),
    );
  return out;
}
