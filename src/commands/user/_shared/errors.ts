// What a failed account creation tells the user, beyond the transport's own message.
import type { Context } from '../../../context.js';
import { AuthError } from '../../../errors.js';

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
  return error;
}
