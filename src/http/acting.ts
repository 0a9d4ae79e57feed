// A refused login with --as (`admin|fredd`) has two causes a panel does not tell apart (facts
// page: [open], answered like a failed login): the password, or the account acted as, unknown
// or not this login's to act for. One login test without --as tells them apart; only a refused
// login pays for it. The password being right, asking for it again would not help.
import { AuthError, LoginRefusedError, NotFoundError } from '../errors.js';
import type { Client } from './transport.js';

/** `error` as the refusal of the --as user when the login alone signs in; else as it was. */
export async function explainActing(client: Client, error: unknown): Promise<unknown> {
  const chain = client.options.as;
  if (!(error instanceof LoginRefusedError) || chain === undefined) return error;
  try {
    await client.signedIn().send({
      method: 'GET',
      path: '/CMD_API_LOGIN_TEST',
      query: { json: 'yes' },
    });
  } catch (alone) {
    // A refused login alone: the password it is. A key refused that command still signed in.
    if (!(alone instanceof AuthError) || alone instanceof LoginRefusedError) return error;
  }
  const { username } = client.options;
  const target = chain.split('|').at(-1) ?? chain;
  const said = error.said ? `: ${error.said}` : '';
  const check = 'Check the name with: dactl users list --names';
  if (
    error.said !== undefined &&
    /does not exist|no such (user|account)|unknown (user|account)/i.test(error.said)
  ) {
    return new NotFoundError(`There is no account "${target}" to act as${said}.`, check);
  }
  return new AuthError(
    `The panel refused to let ${username} act as "${target}" (${client.options.who})${said}.`,
    `The password is right (${username} alone signs in). "${target}" may not exist, or ${username} may not act for it: an admin may act as any account, a reseller only as the users it created. ${check}`,
  );
}
