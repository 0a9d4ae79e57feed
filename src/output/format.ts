// Pure helpers the writer uses to show values to a person.
import { escapeControl } from '../text/escape.js';

const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** 0 → "0 B", 1536 → "1.5 KiB", 52428800 → "50.0 MiB". */
export function humanBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${String(bytes)} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit] ?? ''}`;
}

/** A value as one line of text: objects as compact JSON, nothing as an empty string. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value);
}

/** TSV cannot carry tabs or line breaks inside a field; escape them the way `cut` users expect. */
export function tsvField(value: unknown): string {
  const text = cellText(value);
  return text.includes('\\') ? escapeControl(text.replace(/\\/g, '\\\\')) : escapeControl(text);
}
