// The faults that send more than any client should keep: they stream (the sandbox holds one
// chunk, not the reply), say what a hostile server says, and stop when the client goes away.
import assert from 'node:assert/strict';
import { get, type IncomingMessage } from 'node:http';
import { after, afterEach, before, describe, it } from 'node:test';
import { createGunzip } from 'node:zlib';
import { startSandbox, type FaultKind, type Sandbox } from '../../src/sandbox/index.js';
import { credentials } from './support.js';
import { call } from './http.js';

const MiB = 1024 * 1024;
let sb: Sandbox;

before(async () => {
  sb = await startSandbox({ port: 0 });
});
afterEach(() => {
  sb.clearFaults();
});
after(() => sb.close());

/** The reply's headers and how many bytes (decompressed, if asked) arrived, up to `upTo`. */
function sip(
  kind: FaultKind,
  upTo: number,
  gunzip = false,
): Promise<{ res: IncomingMessage; bytes: number; text: string; ended: boolean }> {
  sb.fault({ kind, path: '/CMD_API_LOGIN_TEST', times: 1 });
  return new Promise((resolve, reject) => {
    get(new URL('/CMD_API_LOGIN_TEST', sb.url), { agent: false }, (res) => {
      const body = gunzip ? res.pipe(createGunzip()) : res;
      let bytes = 0;
      let text = '';
      const done = (ended: boolean) => {
        res.destroy();
        resolve({ res, bytes, text, ended });
      };
      body.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        text = (text + chunk.toString('latin1')).slice(-2);
        if (bytes >= upTo) done(false);
      });
      body.on('end', () => {
        done(true);
      });
      body.on('error', reject);
    }).on('error', reject);
  });
}

describe('flood faults', () => {
  it('huge: announces 96 MiB and sends exactly that, blanks then {}', async () => {
    const { res, bytes, text, ended } = await sip('huge', Infinity);
    assert.equal(res.headers['content-length'], String(96 * MiB));
    assert.ok(ended);
    assert.equal(bytes, 96 * MiB);
    assert.equal(text, '{}');
  });

  it('gzip-bomb: a gzip body with no length that inflates to blanks', async () => {
    const { res, bytes, ended } = await sip('gzip-bomb', 8 * MiB, true);
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal(res.headers['content-length'], undefined);
    assert.ok(!ended);
    assert.ok(bytes >= 8 * MiB);
  });

  it('endless: keeps sending until the client leaves, and the server goes on', async () => {
    const { res, ended } = await sip('endless', 16 * MiB);
    assert.equal(res.headers['content-length'], undefined);
    assert.ok(!ended);
    const reply = await call(sb.url, '/CMD_API_LOGIN_TEST?json=yes', {
      auth: credentials(sb, 'admin'),
    });
    assert.equal(reply.status, 200);
  });
});
