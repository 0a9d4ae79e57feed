// What a failed account creation tells the user, beyond the transport's own message.
import type { Context } from '../../context.js';
import { AuthError, NetworkError } from '../../errors.js';

export async function explainCreateError(ctx: Context, error: unknown): Promise<unknown> {
  // A 403 (no hint) means the account lacks the level; a refused login keeps its own hint.
  if (error instanceof AuthError && error.hint === undefined) {
    const { username, as } = await ctx.resolve();
    const login = as ? `${username}|${as}` : username;
    return new AuthError(
      `user create needs an admin or reseller account; ${login} is not one (${error.message}).`,
      'Use a profile that signs in as an admin or a reseller (with --as, act as a reseller, not a user).',
    );
  }
  // A POST is never retried: whether it reached the panel is unknown, so say how to check.
  if (error instanceof NetworkError) {
    return new NetworkError(
      error.message,
      `${error.hint ? `${error.hint} ` : ''}If the request reached the panel the account may exist already: check with "dactl users list" before trying again.`,
    );
  }
  return error;
}
