// The last lines of Unit's log (spec 2.6: /var/log/unit/unit.log) that name a failing
// application: an error, alert, crit or emerg line quoting the application's live name.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { AuthError } from '../errors.js';
import { ok, type Finding } from './findings.js';
import { rootHint } from './read.js';

/** How far back the log is read: its last 64 KiB, then its last lines. */
const tailBytes = 64 * 1024;
const tailLines = 200;

const failing = /\[(error|alert|crit|emerg)\].*?"([^"]+)"/;

/** `owner` maps a live application name to its user and domain (undefined: not in scope). */
export function logFindings(
  path: string,
  owner: (app: string) => { user: string; domain: string; item: string } | undefined,
): Finding[] {
  const base = { check: 'log' as const, user: '', domain: '', item: 'unit.log' };
  const text = tail(path);
  if (text === undefined) {
    return [
      {
        ...base,
        status: 'warn',
        detail: `Unit's log ${path} could not be found.`,
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

function tail(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'EACCES' || code === 'EPERM') {
      throw new AuthError(`Cannot read ${path}: permission denied.`, rootHint);
    }
    throw error;
  }
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, tailBytes);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}
