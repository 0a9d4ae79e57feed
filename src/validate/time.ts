// Times on the command line: a span back or ahead (30m, 2h, 7d, 1w), or a date. The one reading
// of `--since` (audit list) and `--expires` (login).
import { UsageError } from '../errors.js';

const unitMs: Record<string, number> = { s: 1e3, m: 60e3, h: 3600e3, d: 86400e3, w: 604800e3 };

/**
 * A span as a number and a unit (30s, 30m, 2h, 7d, 1w) in milliseconds; undefined for anything
 * else, or for a unit not among `units`.
 */
export function spanMs(text: string, units = 'smhdw'): number | undefined {
  const match = /^(\d+)([smhdw])$/.exec(text);
  const unit = match?.[2] ?? '';
  return match && units.includes(unit) ? Number(match[1]) * (unitMs[unit] ?? 0) : undefined;
}

/** --since: a duration back from now (30m, 2h, 7d, 1w) or a date or time (UTC unless it says). */
export function sinceTime(text: string, now: number): number {
  const ago = spanMs(text.trim());
  if (ago !== undefined) return now - ago;
  // A date, or a date and time (with its offset, or UTC): what Date reads of ISO 8601.
  if (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(text)) {
    const bare = text.length > 10 && !/(Z|[+-]\d{2}:\d{2})$/.test(text);
    const time = Date.parse(bare ? `${text}Z` : text);
    // Date would take 2026-02-30 as 2 March: the day must be one the month has.
    const day = Number.isNaN(time) ? '' : new Date(time + offsetMs(text)).toISOString();
    if (day.slice(0, 10) === text.slice(0, 10)) return time;
  }
  throw new UsageError(
    `--since "${text}": give a time back from now (30m, 2h, 7d, 1w) or a date (2026-11-01).`,
    'A date and time is read as UTC unless it says otherwise: 2026-11-01T08:00:00+02:00.',
  );
}

/** The offset a time says it is at (+02:00), to find the date it names. */
function offsetMs(text: string): number {
  const at = /([+-])(\d{2}):(\d{2})$/.exec(text);
  if (!at) return 0;
  const ms = (Number(at[2]) * 60 + Number(at[3])) * 60e3;
  return at[1] === '-' ? -ms : ms;
}
