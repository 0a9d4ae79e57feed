// Reads the trail back for `dactl audit list`: the rotated file, then the current one, oldest
// line first, under the path rule. A line that is not an entry is skipped with a warning naming
// its file and line number: one torn or edited line does not hide the others.
import { isRecord } from '../json/record.js';
import { parseJson } from '../json/parse.js';
import { readTrusted } from '../trusted-path.js';
import type { Entry } from './entry.js';

/** The most read of each file: a trail rotates at 10 MiB, so this leaves room for a late rotation. */
const maxRead = 64 * 1024 * 1024;

export interface Filters {
  /** Entries at or after this time (ms since the epoch). */
  since?: number;
  profile?: string;
  /** The command, or the group it starts with ('unit' takes 'unit app restart'). */
  command?: string;
  outcome?: string;
}

export function readTrail(file: string, warn: (message: string) => void): Entry[] {
  const entries: Entry[] = [];
  for (const path of [`${file}.1`, file]) {
    const seen = { size: 0 };
    const bytes = readTrusted(path, {
      maxBytes: maxRead,
      tail: true,
      label: 'the audit trail',
      stats: (s) => (seen.size = s.size),
    });
    if (bytes === undefined) continue;
    const lines = bytes.toString('utf8').split('\n');
    // A tail read from the middle of a line: that first part is not a line of its own.
    const first = seen.size > maxRead ? 1 : 0;
    for (let i = first; i < lines.length; i++) {
      const text = lines[i] ?? '';
      if (text.trim() === '') continue;
      const parsed = parseJson(text);
      if (parsed.ok && isEntry(parsed.value)) entries.push(parsed.value);
      else warn(`Skipped line ${String(i + 1)} of ${path}: it is not an entry dactl wrote.`);
    }
  }
  return entries;
}

function isEntry(value: unknown): value is Entry {
  return (
    isRecord(value) &&
    typeof value.time === 'string' &&
    !Number.isNaN(Date.parse(value.time)) &&
    typeof value.outcome === 'string' &&
    typeof value.method === 'string' &&
    typeof value.panel === 'string'
  );
}

export function matches(entry: Entry, filters: Filters): boolean {
  const { since, profile, command, outcome } = filters;
  return (
    (since === undefined || Date.parse(entry.time) >= since) &&
    (profile === undefined || entry.profile === profile) &&
    (command === undefined ||
      entry.command === command ||
      entry.command.startsWith(`${command} `)) &&
    (outcome === undefined || entry.outcome === outcome)
  );
}
