// What the `unit app` commands share: the domain and name checks, the acting user, reading a
// definition from a file or stdin, the checks before sending, and sending with the panel's
// refusals explained.
import {
  checkUnitReply,
  listUnit,
  unitError,
  type AppDefinition,
  type UnitListing,
} from '../../../../api/unit.js';
import { DRY_RUN, type Context } from '../../../../context.js';
import { NotFoundError, ProblemsError, UsageError } from '../../../../errors.js';
import type { PanelRequest } from '../../../../http/transport.js';
import type { Column } from '../../../../output/writer.js';
import { checkFlag } from '../../../../validate/settings.js';
import { hunks, type DiffLine } from '../../../../unit/diff.js';
import { parseJsonText } from '../../../../unit/json-text.js';
import { appName } from '../../../../unit/names.js';
import { applicationProblems, formatProblem, normaliseNumbers } from '../../../../unit/validate.js';
import { readInput } from '../../../../input.js';
import { take } from '../../../../prompt-fields.js';
import { explainRefusal, ownDomainField } from '../../../_shared/own-domain.js';

interface Result {
  name: string;
  domain: string;
  unitName: string;
}

const resultFields: Column<Result>[] = [
  { key: 'name', header: 'Name' },
  { key: 'domain', header: 'Domain' },
  { key: 'unitName', header: 'Unit name' },
];

/**
 * What create and modify print: a table has said it all on stderr; scripts get the record, and
 * JSON and YAML the definition sent as well.
 */
export async function printResult(ctx: Context, row: Result, app: AppDefinition): Promise<void> {
  if (ctx.format !== 'table') {
    await ctx.out.record(row, resultFields, { data: { ...row, application: app } });
  }
}

/** A change as a diff on stderr: removals red, additions green (colour only at a terminal). */
export function showDiff(ctx: Context, title: string, diff: DiffLine[]): void {
  ctx.log.info(title);
  // Log escapes the text, then colours it: a colour code in `line.text` would be escaped.
  for (const line of hunks(diff)) {
    if (line === '…') ctx.log.info('  …', 'dim');
    else if (line.op === '-') ctx.log.info(`- ${line.text}`, 'red');
    else if (line.op === '+') ctx.log.info(`+ ${line.text}`, 'green');
    else ctx.log.info(`  ${line.text}`);
  }
}

export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function checkAppName(name: string): string {
  return checkFlag('application name', name, appName);
}

/**
 * --domain, or asked at a terminal: one of the acting account's domains, checked before any other
 * question. `offline` asks the panel nothing (unit route validate --offline).
 */
export function domainOf(
  ctx: Context,
  domain: string | undefined,
  offline = false,
): Promise<string> {
  const field = ownDomainField(ctx, domain);
  return take(ctx, offline ? { ...field, suggestions: undefined, verify: undefined } : field);
}

/** --yes, or --dry-run: a dry run changes nothing, so there is nothing to confirm. */
export const sure = (ctx: Context): boolean =>
  ctx.options.yes === true || ctx.options.dryRun === true;

/** Whose applications these are: the --as user, else the account signed in. */
export async function actingUser(ctx: Context): Promise<string> {
  const connection = await ctx.resolve();
  return connection.as ?? connection.username;
}

/** --file <f> or --file - (stdin): a whole application definition. */
export async function readDefinitionFile(ctx: Context, file: string): Promise<AppDefinition> {
  const text = await readInput(ctx.io.stdin, file, '--file');
  const source = file === '-' ? 'The definition on stdin (--file -)' : `--file ${file}`;
  if (!text.trim()) throw new UsageError(`${source} is empty.`);
  return asDefinition(parseJsonText(text, source), source);
}

export function asDefinition(value: unknown, source: string): AppDefinition {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`${source} must be a JSON object: one application definition.`);
  }
  return normaliseNumbers(value as AppDefinition);
}

/**
 * Unit's rules and the panel's (the application runs as `account`), checked before anything is
 * sent; every problem is named by its JSON path.
 */
export function checkDefinition(
  app: AppDefinition,
  usedSet: boolean,
  account: string,
): AppDefinition {
  const problems = applicationProblems(app, account);
  if (problems.length === 0) return app;
  const list = problems.map((p) => `  ${formatProblem(p)}`).join('\n');
  throw new ProblemsError(
    `The application definition is not valid:\n${list}`,
    problems,
    usedSet
      ? '--set takes JSON when the value parses as JSON: quote a string that looks like a number, e.g. --set \'environment.PORT="3000"\'.'
      : 'Unit documents every member at https://unit.nginx.org/configuration/#applications.',
  );
}

export async function fetchListing(
  ctx: Context,
  domain: string,
  user: string,
): Promise<UnitListing> {
  try {
    return await listUnit(await ctx.client(), domain);
  } catch (error) {
    throw await refused(ctx, error, domain, user);
  }
}

/**
 * A failed CMD_UNIT request in the user's words: a domain not the account's is said as such,
 * anything else as `explain` (the command's own words) and unitError say it.
 */
export function refused(
  ctx: Context,
  error: unknown,
  domain: string,
  user: string,
  explain: (error: unknown) => unknown = (e) => e,
): Promise<unknown> {
  return explainRefusal(ctx, domain, error, (e) => unitError(explain(e), domain, user));
}

/** The stored definition of one application, as the panel lists it; exit 4 when absent. */
export async function storedApp(
  ctx: Context,
  domain: string,
  name: string,
  user: string,
): Promise<AppDefinition> {
  const stored = (await fetchListing(ctx, domain, user)).applications;
  const app = Object.hasOwn(stored, name) ? stored[name] : undefined;
  if (app === undefined) {
    throw new NotFoundError(
      `${domain} has no application "${name}".`,
      `See its applications with: dactl unit app list --domain ${domain}`,
    );
  }
  return app;
}

/**
 * Sends a change; the panel's words of success, or DRY_RUN. `check` is the command that shows
 * whether a change whose answer was lost was made.
 */
export async function sendChange(
  ctx: Context,
  request: PanelRequest,
  target: { domain: string; user: string; what: string; check: string },
  explain?: (error: unknown) => unknown,
): Promise<string | typeof DRY_RUN> {
  let reply: unknown;
  try {
    reply = await ctx.change(request, { check: `check with "${target.check}"` });
  } catch (error) {
    throw await refused(ctx, error, target.domain, target.user, explain);
  }
  return reply === DRY_RUN ? DRY_RUN : checkUnitReply(reply, target.what);
}
