// Flags first, prompts second: how a command that changes the server collects its inputs.
// Given flags are checked before anything else; without a terminal one error names every
// missing flag at once (so a cron job is fixed in one edit); at a terminal each missing input
// is asked, checked as it is typed.
import { UsageError } from '../errors.js';
import type { Prompts } from '../prompts.js';
import { checkFlag, type Check } from '../settings/validate.js';

export interface Field {
  /** The flag that gives it, e.g. '--username'. */
  flag: string;
  /** How a missing one is named, when not just the flag, e.g. '--domain (or --path)'. */
  missing?: string;
  /** The question asked at a terminal. */
  message: string;
  check: Check;
  /** The flag's value; undefined when the flag was not given. */
  given: string | undefined;
}

export const noTerminalHint =
  'dactl asks only at a terminal; in scripts and cron every input has a flag or comes from stdin.';

/** "a", "a and b", "a, b and c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/**
 * Returns every field's value. `alsoMissing` names inputs that are not plain fields (a password
 * from stdin or generated) and are missing too; the caller asks for those after this returns.
 */
export async function gather<K extends string>(
  prompts: Prompts,
  fields: Record<K, Field>,
  alsoMissing: readonly string[] = [],
): Promise<Record<K, string>> {
  const entries = Object.entries(fields) as [K, Field][];
  for (const [, field] of entries) {
    if (field.given !== undefined) checkFlag(field.flag, field.given, field.check);
  }
  const missing = [
    ...entries.filter(([, f]) => f.given === undefined).map(([, f]) => f.missing ?? f.flag),
    ...alsoMissing,
  ];
  if (missing.length > 0 && !prompts.interactive) {
    throw new UsageError(`Missing ${listOf(missing)}; nothing was sent.`, noTerminalHint);
  }
  const values: Partial<Record<K, string>> = {};
  for (const [key, field] of entries) {
    values[key] =
      field.given ??
      (await prompts.text({ message: field.message, flag: field.flag, validate: field.check }));
  }
  return values as Record<K, string>;
}
