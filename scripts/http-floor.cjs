// The floor under a request command: Node's own http client sending what `dactl users list
// --names -o json` sends to the sandbox (the names, then the resellers and admins together) and
// printing the names as JSON, with nothing of dactl's around it. scripts/bench.mjs holds the
// request line to a ratio of this one (design.md's budget): what no HTTP client built on node:http
// can go below. CommonJS, as bin/dactl.js is.
// Environment: FLOOR_URL, FLOOR_USER, FLOOR_PASSWORD (the sandbox's admin).
'use strict';
const http = require('node:http');
const { writeSync } = require('node:fs');

const base = process.env.FLOOR_URL ?? '';
const authorization = `Basic ${Buffer.from(
  `${process.env.FLOOR_USER ?? ''}:${process.env.FLOOR_PASSWORD ?? ''}`,
).toString('base64')}`;

/**
 * @param {string} path
 * @returns {Promise<unknown>}
 */
const get = (path) =>
  new Promise((resolve, reject) => {
    const request = http.get(new URL(path, base), { headers: { authorization } }, (reply) => {
      /** @type {Buffer[]} */
      const chunks = [];
      reply.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
      reply.on('end', () => {
        if (reply.statusCode !== 200) reject(new Error(`${path}: HTTP ${reply.statusCode}`));
        else resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      });
      reply.on('error', reject);
    });
    request.on('error', reject);
  });

async function main() {
  const users = await get('/CMD_API_SHOW_ALL_USERS?json=yes');
  if (!Array.isArray(users)) throw new Error('the user list is not an array');
  const [resellers, admins] = await Promise.all([
    get('/CMD_API_SHOW_RESELLERS?json=yes'),
    get('/CMD_API_SHOW_ADMINS?json=yes'),
  ]);
  // Admins, then resellers, then users, each once, as dactl prints them.
  const names = new Set(/** @type {string[]} */ ([admins, resellers, users].flat()));
  // Straight to the descriptor, as dactl writes to a pipe (src/output/fd.ts).
  writeSync(1, `${JSON.stringify([...names].map((username) => ({ username })))}\n`);
}

main().catch((/** @type {unknown} */ error) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
