// A 404 outside the API's own error shapes (a plain-text or HTML page, as a web server answers
// for a path it does not have) is still "not found", exit 4, whatever the tier.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeReply, type Tier } from '../../src/http/decode.js';
import { NotFoundError, PanelError } from '../../src/errors.js';

const decode = (status: number, type: string, body: string, tier: Tier): unknown =>
  decodeReply(
    { status, headers: { 'content-type': type }, body },
    { tier, who: 'profile "t"', url: 'http://panel:2222' },
  );

describe('decodeReply and 404 pages', () => {
  it('maps a plain-text 404 to NotFoundError (exit 4)', () => {
    assert.throws(
      () => decode(404, 'text/plain', 'Not Found\n', 'discovered'),
      (e: unknown) => e instanceof NotFoundError && e.exitCode === 4,
    );
  });
  it('maps an HTML 404 page that is not the login page to NotFoundError', () => {
    const page = '<!DOCTYPE html><html><head><title>404</title></head><body>no</body></html>';
    assert.throws(() => decode(404, 'text/html', page, 'new'), NotFoundError);
  });
  it('still reports a 200 that is not JSON as the panel answering nonsense (exit 5)', () => {
    assert.throws(() => decode(200, 'text/plain', 'hello', 'discovered'), PanelError);
  });
});
