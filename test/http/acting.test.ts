// A refused login with --as: one login test without --as tells the password from the account
// acted as, and the panel's words decide between "may not act as" (exit 3) and "no such account"
// (exit 4). Whatever else happens, the refusal stays as it was.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  AuthError,
  LoginRefusedError,
  NetworkError,
  NotFoundError,
  PanelError,
} from '../../src/errors.js';
import { explainActing } from '../../src/http/acting.js';
import type { Client } from '../../src/http/transport.js';

/** A client acting as `as` whose login alone gets `alone` (a reply, or an error thrown). */
const client = (as: string | undefined, alone: unknown): Client => {
  const sent: string[] = [];
  const fake = {
    options: { username: 'admin', as, who: 'profile "prod"' },
    sent,
    signedIn: () => ({
      send: (request: { path: string }) => {
        sent.push(request.path);
        return alone instanceof Error ? Promise.reject(alone) : Promise.resolve(alone);
      },
    }),
  };
  return fake as unknown as Client;
};
const refused = (said?: string) =>
  new LoginRefusedError(
    'The panel refused the login of profile "prod" (admin|fredd).',
    'hint',
    said,
  );
const ok = { success: 'Login OK' };

describe('explainActing', () => {
  it('names the --as user and says it may not exist when the login alone signs in', async () => {
    const c = client('fredd', ok);
    const error = await explainActing(c, refused('admin may not log in as "fredd"'));
    assert.ok(error instanceof AuthError && !(error instanceof LoginRefusedError));
    assert.equal(error.exitCode, 3);
    assert.equal(
      error.message,
      'The panel refused to let admin act as "fredd" (profile "prod"): admin may not log in as "fredd".',
    );
    assert.match(error.hint ?? '', /password is right .* "fredd" may not exist/);
    assert.deepEqual((c as unknown as { sent: string[] }).sent, ['/CMD_API_LOGIN_TEST']);
  });

  it('is exit 4 when the panel says the account does not exist', async () => {
    for (const said of ['User fredd does not exist', 'No such user: fredd', 'unknown account']) {
      const error = await explainActing(client('fredd', ok), refused(said));
      assert.ok(error instanceof NotFoundError, said);
      assert.equal(error.message, `There is no account "fredd" to act as: ${said}.`);
    }
  });

  it('without the panel’s words (its login page) it still names the --as user', async () => {
    const error = await explainActing(client('reseller1|fredd', ok), refused());
    assert.ok(error instanceof AuthError);
    assert.equal(error.message, 'The panel refused to let admin act as "fredd" (profile "prod").');
  });

  it('a key that may not run the login test still signed in: the --as user is refused', async () => {
    const error = await explainActing(
      client('fredd', new AuthError('The panel refused: no')),
      refused(),
    );
    assert.match((error as Error).message, /act as "fredd"/);
  });

  it('leaves the refusal as it was when the password is wrong, or nothing can tell', async () => {
    const original = refused('Invalid username or password');
    for (const alone of [
      refused('Invalid username or password'),
      new NetworkError('reset'),
      new PanelError('odd', 'hint', 200),
    ]) {
      assert.equal(await explainActing(client('fredd', alone), original), original);
    }
    // Without --as, or for another error, nothing is asked.
    const c = client(undefined, ok);
    assert.equal(await explainActing(c, original), original);
    const other = new AuthError('The panel refused: Access denied');
    assert.equal(await explainActing(client('fredd', ok), other), other);
    assert.deepEqual((c as unknown as { sent: string[] }).sent, []);
  });
});
