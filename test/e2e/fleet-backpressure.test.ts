// A fleet run whose stdout nobody reads for a while (a paused pager): the panels in flight still
// get their answers in time. Two fast panels list megabytes of account names, more than the pipe
// holds; a slow one answers its first request once that output has started, and stdout is read
// only after the slow panel's --timeout has run out. A run that waited on the pipe would take
// the answer late, and time out the two requests that follow it on that panel.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { bin, tempHome } from '../helpers/dactl.js';
import { runInProcess } from '../helpers/in-process.js';

/** Seconds each panel's request may take. */
const timeout = 5;

async function listen(
  answer: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer(answer);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}` };
}

describe('a fleet run into a pipe nobody reads', () => {
  const home = tempHome();
  const names = (n: number): string =>
    JSON.stringify(Array.from({ length: n }, (_, i) => `user${String(i).padStart(6, '0')}`));
  const many = names(10_000);
  const servers: Server[] = [];
  let fastUrl = '';
  let slowUrl = '';
  let fastAnswered = 0;
  /** Resolves with the slow panel's waiting reply once its request has arrived. */
  let slowAsked: Promise<ServerResponse>;

  before(async () => {
    // users list --names asks CMD_API_SHOW_ALL_USERS, then _RESELLERS and _ADMINS.
    const allUsers = (req: IncomingMessage): boolean =>
      req.url?.startsWith('/CMD_API_SHOW_ALL_USERS?') === true;
    const fast = await listen((req, res) => {
      const body = allUsers(req) ? many : '[]';
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(body, () => {
        if (allUsers(req)) fastAnswered += 1;
      });
    });
    let asked: (res: ServerResponse) => void = () => undefined;
    slowAsked = new Promise((resolve) => (asked = resolve));
    const slow = await listen((req, res) => {
      if (allUsers(req)) asked(res);
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end('["admin"]');
    });
    servers.push(fast.server, slow.server);
    [fastUrl, slowUrl] = [fast.url, slow.url];
    for (const [name, url] of [
      ['fast1', fastUrl],
      ['fast2', fastUrl],
      ['slow', slowUrl],
    ] as const) {
      const args = ['profile', 'add', name, '--url', url, '--username', 'admin'];
      const added = await runInProcess([...args, '--password-stdin', '--no-verify'], {
        env: home.env,
        input: 'secret',
      });
      assert.equal(added.code, 0, added.stderr);
    }
  });
  after(() => {
    for (const server of servers) server.closeAllConnections();
    for (const server of servers) server.close();
    home.cleanup();
  });

  it("keeps the slow panel's requests within its --timeout while stdout waits", async () => {
    const args = ['users', 'list', '--names', '-p', 'slow,fast1,fast2', '--parallel', '3'];
    const child = spawn(process.execPath, [bin, ...args, '-o', 'json', '--timeout', `${timeout}`], {
      env: home.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = once(child, 'close');
    const slow = await slowAsked;
    const asked = Date.now();
    // dactl has begun to print the fast panels' rows, more than the pipe holds: then the slow
    // panel answers, and stdout stays unread until that request's --timeout has run out.
    await once(child.stdout, 'readable');
    slow.writeHead(200, { 'Content-Type': 'application/json' }).end(names(1));
    await sleep(timeout * 1000 - (Date.now() - asked));
    assert.equal(fastAnswered, 2);
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    const [code] = (await exited) as [number | null];
    assert.equal(stderr, '');
    assert.equal(code, 0);
    const rows = JSON.parse(stdout) as { profile: string; username: string }[];
    assert.equal(rows.length, 2 * 10_000 + 2);
    assert.deepEqual(
      rows.filter((r) => r.profile === 'slow').map((r) => r.username),
      ['admin', 'user000000'],
    );
  });
});
