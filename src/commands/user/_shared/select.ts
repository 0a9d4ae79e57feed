// What `user suspend`, `unsuspend` and `delete` share: check the names, find which the account
// manages, show what a delete removes, confirm, send one CMD_API_SELECT_USERS request, and report
// each name's outcome (exit 7 when some were done and some not).
import { listDatabases } from '../../../api/databases.js';
import {
  detailsOf,
  listVisibleUsers,
  selectUsersRequest,
  type AccountDetails,
  type SelectAction,
} from '../../../api/users.js';
import { DRY_RUN, type Context } from '../../../context.js';
import { AuthError, NotFoundError, PanelError, PartialError } from '../../../errors.js';
import type { Client } from '../../../http/transport.js';
import { accountName, checkFlag } from '../../../validate/settings.js';

interface Outcome {
  username: string;
  done: boolean;
  outcome: string;
}

const pastTense: Record<SelectAction, string> = {
  suspend: 'suspended',
  unsuspend: 'unsuspended',
  delete: 'deleted',
};

export async function selectUsers(
  ctx: Context,
  action: SelectAction,
  given: readonly string[],
): Promise<void> {
  const names = [...new Set(given)];
  for (const name of names) checkFlag('account name', name, accountName);
  const question = {
    message: `${capital(action)} ${names.join(', ')}?`,
    flag: '--yes',
    yes: ctx.options.yes === true || ctx.options.dryRun === true,
  };
  // Without a terminal, refuse before sending anything at all.
  if (!ctx.interactive) await ctx.prompts.confirm(question);
  const client = await ctx.client();
  const visible = new Set(await visibleTo(client, action));
  const known = names.filter((n) => visible.has(n));
  const unknown = names.filter((n) => !visible.has(n));
  const missing = unknown.map((username) => ({
    username,
    done: false,
    outcome: 'not found among the accounts you manage',
  }));
  if (known.length === 0) {
    throw new NotFoundError(
      `No account named ${names.join(', ')} among those ${client.login} manages.`,
      'See the accounts you manage with: dactl users list',
    );
  }
  for (const m of missing) ctx.log.warn(`${m.username}: ${m.outcome}; skipped.`);
  // Read first: a delete shows what goes, and a refusal is then told from a change by comparing.
  const before = await detailsOf(client, known);
  if (action === 'delete') await showWhatGoes(ctx, client, before);

  if (ctx.interactive) {
    await ctx.prompts.confirm({ ...question, message: `${capital(action)} ${known.join(', ')}?` });
  }
  let done: Outcome[];
  try {
    if ((await ctx.change(selectUsersRequest(action, known))) === DRY_RUN) return;
    done = known.map((username) => ({ username, done: true, outcome: pastTense[action] }));
  } catch (error) {
    // The panel refused some or all: what it did is read back, name by name.
    if (!(error instanceof PanelError)) throw error;
    done = await readBack(client, action, before, error.message);
    if (!done.some((o) => o.done)) throw error;
  }
  await report(ctx, [...done, ...missing]);
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

async function visibleTo(client: Client, action: SelectAction): Promise<string[]> {
  try {
    return await listVisibleUsers(client);
  } catch (error) {
    if (error instanceof AuthError && error.hint === undefined) {
      throw new AuthError(
        `user ${action} needs an admin or reseller account; ${client.login} is neither (${error.message}).`,
        'Use a profile that signs in as an admin, or as the reseller that created the accounts.',
      );
    }
    throw error;
  }
}

// What a delete removes, on stderr before the question: each account's domains and databases.
async function showWhatGoes(ctx: Context, client: Client, accounts: AccountDetails[]) {
  for (const account of accounts) {
    const dbs = await listDatabases(client.actingAs(account.username));
    const list = (items: string[]) => (items.length > 0 ? items.join(', ') : 'none');
    ctx.log.info(
      `${account.username} (${account.type}): domains ${list(account.domains)}; databases ${list(dbs.map((d) => d.database))}` +
        (account.type === 'reseller' ? '; and every user it created' : ''),
    );
  }
}

async function readBack(
  client: Client,
  action: SelectAction,
  before: readonly AccountDetails[],
  said: string,
): Promise<Outcome[]> {
  const left = new Set(await listVisibleUsers(client));
  const still = before.filter((b) => left.has(b.username)).map((b) => b.username);
  const after = action === 'delete' ? [] : await detailsOf(client, still);
  const wanted = action === 'suspend';
  return before.map(({ username, suspended }) => {
    const now = after.find((d) => d.username === username);
    // A suspension counts as done only if it changed: the panel may have refused one already so.
    const done =
      action === 'delete' ? !left.has(username) : suspended !== wanted && now?.suspended === wanted;
    return { username, done, outcome: done ? pastTense[action] : `refused (${said})` };
  });
}

async function report(ctx: Context, outcomes: Outcome[]): Promise<void> {
  if (ctx.format === 'table') {
    for (const o of outcomes) {
      if (o.done) ctx.log.success(`${o.username}: ${o.outcome}`);
      else ctx.log.error(`${o.username}: ${o.outcome}`);
    }
  } else {
    await ctx.out.list(outcomes, [
      { key: 'username', header: 'USERNAME' },
      { key: 'done', header: 'DONE' },
      { key: 'outcome', header: 'OUTCOME' },
    ]);
  }
  const failed = outcomes.filter((o) => !o.done);
  if (failed.length > 0) {
    throw new PartialError(
      `${String(outcomes.length - failed.length)} of ${String(outcomes.length)} done; not done: ${failed.map((o) => o.username).join(', ')}.`,
      'Each name’s outcome is listed above; run again for the ones not done once the cause is fixed.',
    );
  }
}
