// Strong random passwords for --generate-password, from node:crypto only.
import { randomInt } from 'node:crypto';

// No look-alikes (0/O, 1/l/I) so a person can copy it by eye, and no shell or URL
// metacharacters beyond a few safe symbols, so it survives being pasted anywhere.
const lower = 'abcdefghijkmnopqrstuvwxyz';
const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const digits = '23456789';
const symbols = '-_.+=@%';
const all = lower + upper + digits + symbols;

const pick = (set: string): string => set.charAt(randomInt(set.length));

/**
 * A password of `length` characters (at least 12) with at least one lower-case letter, one
 * upper-case letter, one digit and one symbol, since panels often insist on each kind.
 */
export function generatePassword(length = 20): string {
  if (!Number.isInteger(length) || length < 12) throw new RangeError('length must be 12 or more');
  const chars = [pick(lower), pick(upper), pick(digits), pick(symbols)];
  while (chars.length < length) chars.push(pick(all));
  // Fisher-Yates, so the guaranteed kinds are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

/** Said on stderr after a generated password was printed (with the data, on stdout). */
export const passwordNote = 'This password will not be shown again: save it now.';
