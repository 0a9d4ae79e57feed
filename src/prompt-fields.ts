// Flags first, prompts second: how a command collects its inputs. Given flags are checked before
// anything else, and against the panel (whose domain it is) before any question is asked;
// without a terminal one error names every missing flag at once (so a cron job is fixed in one
// edit); at a terminal each missing input is asked, checked as it is typed, with suggestions read
// from the panel where it has them.
import type { Context } from './context.js';
import { AuthError, ClashError, LoginRefusedError, NotFoundError, UsageError } from './errors.js';
import type { Question, Validate } from './prompts.js';
import { generatePassword } from './settings/generate.js';
import { checkFlag, type Check } from './validate/settings.js';
import { newPassword } from './validate/account.js';

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
  /** The form the panel keeps (a domain in lower case), with a note when that changed it. */
  normalise?: (value: string) => { value: string; note?: string };
  /** Read from the panel when the question is asked; undefined when it has none to offer. */
  suggestions?: () => Promise<readonly string[] | undefined>;
  /** Names what the suggestions are ('package') when a value outside them is refused. */
  onlyFrom?: string;
  /** A check that asks the panel; throws. A flag is verified before the first question. */
  verify?: (value: string) => Promise<void>;
}

const noTerminalHint =
  'dactl asks only at a terminal; in scripts and cron every input has a flag or comes from stdin.';

/** "a", "a and b", "a, b and c". */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/**
 * Returns every field's value. `alsoMissing` names inputs that are not plain fields (a password
 * from stdin or generated) and are missing too; the caller asks for those after this returns.
 */
export async function gather<K extends string>(
  ctx: Context,
  fields: Record<K, Field>,
  alsoMissing: readonly string[] = [],
): Promise<Record<K, string>> {
  const entries = Object.entries(fields) as [K, Field][];
  const values: Partial<Record<K, string>> = {};
  for (const [key, field] of entries) {
    if (field.given !== undefined) values[key] = fromFlag(ctx, field, field.given);
  }
  const missing = [
    ...entries.filter(([, f]) => f.given === undefined).map(([, f]) => f.missing ?? f.flag),
    ...alsoMissing,
  ];
  if (missing.length > 0 && !ctx.prompts.interactive) {
    throw new UsageError(`Missing ${listOf(missing)}; nothing was sent.`, noTerminalHint);
  }
  for (const [key, field] of entries) {
    const value = values[key];
    if (value !== undefined) verifyBeforeAsking(ctx, field, value);
  }
  for (const [key, field] of entries) values[key] ??= await ask(ctx, field);
  return values as Record<K, string>;
}

/** One field: the flag checked, or else the question (exit 2 without a terminal). */
export async function take(ctx: Context, field: Field): Promise<string> {
  if (field.given === undefined) return ask(ctx, field);
  const value = fromFlag(ctx, field, field.given);
  verifyBeforeAsking(ctx, field, value);
  return value;
}

/**
 * A flag is verified against the panel before any question is asked; a run that asks nothing
 * leaves it to the panel, whose refusal the command explains with the same check.
 */
function verifyBeforeAsking(ctx: Context, field: Field, value: string): void {
  const verify = field.verify;
  if (verify) ctx.prompts.beforeAsking(() => verify(value));
}

function fromFlag(ctx: Context, field: Field, given: string): string {
  return checkFlag(field.flag, normalised(ctx, field, given), field.check);
}

async function ask(ctx: Context, field: Field): Promise<string> {
  ctx.prompts.require(field);
  const suggestions = await field.suggestions?.();
  const validate: Validate = async (typed) => {
    const value = field.normalise?.(typed).value ?? typed;
    const problem = field.check(value);
    if (problem !== undefined) return problem;
    if (field.onlyFrom !== undefined && suggestions?.length && !suggestions.includes(value)) {
      return `the panel has no ${field.onlyFrom} "${value}": choose one of ${suggestions.join(', ')}`;
    }
    return field.verify && refusal(field.verify, value);
  };
  const question = { message: field.message, flag: field.flag, validate };
  const answer = suggestions?.length
    ? await ctx.prompts.suggest({ ...question, suggestions })
    : await ctx.prompts.text(question);
  return normalised(ctx, field, answer);
}

/** What `verify` says against a value, as a sentence under the prompt. */
async function refusal(
  verify: (value: string) => Promise<void>,
  value: string,
): Promise<string | undefined> {
  try {
    await verify(value);
    return undefined;
  } catch (error) {
    // A refused login is no answer about the value: asking again would not help.
    const aboutValue =
      error instanceof AuthError || error instanceof NotFoundError || error instanceof ClashError;
    if (!aboutValue || error instanceof LoginRefusedError) throw error;
    return error.message;
  }
}

function normalised(ctx: Context, field: Field, value: string): string {
  const result = field.normalise?.(value);
  if (result === undefined) return value;
  if (result.note !== undefined) ctx.log.info(result.note);
  return result.value;
}

/**
 * A new account's password: read from stdin (`piped`), generated (--generate-password), or asked
 * at a terminal, where leaving it empty generates one. `generated`: to be shown once.
 */
export async function newPasswordOf(
  ctx: Context,
  given: { piped: string | undefined; generate: boolean | undefined },
  question: Question,
): Promise<{ value: string; generated: boolean }> {
  if (given.piped !== undefined) return { value: given.piped, generated: false };
  if (given.generate) return { value: generatePassword(), generated: true };
  return ctx.prompts.newSecret({ ...question, validate: newPassword });
}
