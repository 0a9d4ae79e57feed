// The last lines of Unit's log (spec 2.6: /var/log/unit/unit.log) that say an application fails,
// each attributed to its application as Unit names it (unit-log.ts): one finding per failing
// application with its user and domain, and one per process the window cannot attribute.
import { UntrustedPathError } from '../trusted-path.js';
import { ok, type Finding } from './findings.js';
import type { PanelFiles } from './read.js';
import { logFailures, shownLine, type Failure } from './unit-log.js';

/** How far back the log is read: its end (caps.logTail), then its last lines. */
const tailLines = 200;

/** Who owns a live application name: undefined when out of scope (--user, --domain). */
export type Owner = (app: string) => { user: string; domain: string; item: string } | undefined;

/** `everyone`: no --user or --domain, so Unit's own processes' failures are reported too. */
export function logFindings(
  files: PanelFiles,
  path: string,
  owner: Owner,
  everyone: boolean,
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
  const out = failureFindings(
    logFailures(text.split('\n').slice(-tailLines)),
    path,
    owner,
    everyone,
  );
  if (out.length === 0)
    out.push(
      ok({
        ...base,
        detail: `No failing application in the last ${String(tailLines)} lines of ${path}.`,
      }),
    );
  return out;
}

/** The findings of the failures, grouped per application, per Unit process, per unknown process. */
export function failureFindings(
  failures: readonly Failure[],
  path: string,
  owner: Owner,
  everyone: boolean,
): Finding[] {
  const groups = new Map<string, Failure[]>();
  for (const f of failures) {
    const key =
      f.app !== undefined
        ? `app ${f.app}`
        : f.process !== undefined
          ? `process ${f.process}`
          : `pid ${String(f.pid)}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const out: Finding[] = [];
  for (const group of groups.values()) {
    const first = group[0];
    if (first === undefined) continue;
    const line = shownLine(group);
    if (first.app !== undefined) {
      const who = owner(first.app);
      if (who === undefined) continue;
      out.push({
        check: 'log',
        ...who,
        status: 'fail',
        detail: line,
        fix: `Read the lines around it in ${path}, fix the application, then restart it (dactl unit app modify).`,
      });
    } else if (first.process !== undefined) {
      if (!everyone) continue;
      out.push({
        check: 'log',
        user: '',
        domain: '',
        item: `Unit's ${first.process}`,
        status: 'warn',
        detail: line,
        fix: `Read the lines around it in ${path}.`,
      });
    } else {
      // Its start line is older than the window: it may be any user's, so every scope shows it.
      out.push({
        check: 'log',
        user: '',
        domain: '',
        item: 'unattributed',
        status: 'warn',
        detail: line,
        fix: `Process ${String(first.pid)} started before the last ${String(tailLines)} lines: find its "started" line in ${path} to see whose it is.`,
      });
    }
  }
  return out;
}
