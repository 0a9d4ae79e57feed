// The one check that a domain is the acting account's. A domain of another account names its
// owner and the --as to add; one the account cannot see says how to list its domains. It runs
// before the first question (so nobody answers questions for a run that must fail), and when the
// panel refuses a request about the domain; a run that asks nothing and is not refused pays no
// request for it. The same case is the same exit code in every command: 3 (not this account's
// to act on), or 4 when the account sees every domain and none has it.
import { findOwner, listOwnDomains } from '../../api/domains.js';
import { ifVisible } from '../../api/shape.js';
import type { Context } from '../../context.js';
import { AuthError, NotFoundError, PanelError, type DactlError } from '../../errors.js';
import { domainName, storedDomain } from '../../validate/account.js';
import type { Field } from '../../prompt-fields.js';

const ownLists = new WeakMap<Context, Promise<string[] | undefined>>();

/**
 * The acting account's domains, read once per run; undefined when the panel does not say (an
 * older panel, a Login Key without CMD_API_SHOW_DOMAINS): the panel then judges the domain.
 */
function ownDomains(ctx: Context): Promise<string[] | undefined> {
  let list = ownLists.get(ctx);
  if (list === undefined) {
    list = ifVisible(async () => listOwnDomains(await ctx.client()));
    ownLists.set(ctx, list);
  }
  return list;
}

/** Why `domain` is not the acting account's to act on; undefined when it is (or under --dry-run). */
async function ownershipProblem(ctx: Context, domain: string): Promise<DactlError | undefined> {
  if (ctx.options.dryRun) return undefined;
  const own = await ownDomains(ctx);
  if (own === undefined || own.includes(domain)) return undefined;
  const { username, as } = await ctx.resolve();
  const owner = await findOwner((await ctx.client()).signedIn(), domain);
  if (owner === null) {
    return new NotFoundError(
      `No account on this panel has the domain ${domain}.`,
      'See every domain and its owner with: dactl api CMD_API_DOMAIN_OWNERS',
    );
  }
  if (owner === undefined) {
    return new AuthError(
      `${domain} is not one of ${as ?? username}'s domains.`,
      `List them with: dactl api CMD_API_SHOW_DOMAINS${as ? ` --as ${as}` : ''}`,
    );
  }
  if (owner === username) {
    return new AuthError(`${domain} belongs to ${owner}, the account signed in: leave out --as.`);
  }
  return new AuthError(`${domain} belongs to ${owner}: add --as ${owner}.`);
}

/** Throws when `domain` is not the acting account's. */
export async function checkOwnDomain(ctx: Context, domain: string): Promise<void> {
  const problem = await ownershipProblem(ctx, domain);
  if (problem) throw problem;
}

/**
 * The panel refused a request about `domain` (`error`): when the domain is not the acting
 * account's, that is the cause, said as checkOwnDomain says it; otherwise `otherwise` says it.
 */
export async function explainRefusal(
  ctx: Context,
  domain: string,
  error: unknown,
  otherwise: (error: unknown) => unknown,
): Promise<unknown> {
  // The panel's own "no" comes without a hint; a reply that makes no sense carries one.
  const refusal = (error instanceof PanelError || error instanceof AuthError) && !error.hint;
  const problem = refusal ? await ownershipProblem(ctx, domain).catch(() => undefined) : undefined;
  // A check that could not be made leaves the panel's own words, the best there are.
  return problem ?? otherwise(error);
}

/**
 * --domain naming one of the acting account's domains. At a terminal it is chosen from the
 * account's domains (typing another stays allowed, and is checked as it is typed).
 */
export function ownDomainField(ctx: Context, given: string | undefined): Field {
  return {
    flag: '--domain',
    message: 'Domain',
    check: domainName,
    given,
    normalise: storedDomain,
    // A dry run sends nothing, not even a listing.
    suggestions: () => (ctx.options.dryRun ? Promise.resolve(undefined) : ownDomains(ctx)),
    verify: (domain) => checkOwnDomain(ctx, domain),
  };
}
