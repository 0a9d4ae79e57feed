// The floor under a request command: Node's own http client sending what `dactl users list
// -o json` sends to the sandbox (the names, then the resellers and admins together, then a page of
// the account list, on Node's keep-alive agent as got uses it) and printing the settings as JSON, with nothing of dactl's around it.
// scripts/bench.mjs times it beside dactl as a reference line without a budget: what no HTTP
// client built on node:http can go below. CommonJS, as bin/dactl.js is.
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
  const names = await get('/CMD_API_SHOW_ALL_USERS?json=yes');
  if (!Array.isArray(names)) throw new Error('the user list is not an array');
  await Promise.all([
    get('/CMD_API_SHOW_RESELLERS?json=yes'),
    get('/CMD_API_SHOW_ADMINS?json=yes'),
  ]);
  const details = await get('/CMD_ALL_USER_SHOW?json=yes&ipp=1000&page=1');
  // Straight to the descriptor, as dactl writes to a pipe (src/output/fd.ts).
  // The page's rows (its other members say how it pages), as dactl prints them: an array.
  const rows = Object.values(/** @type {Record<string, unknown>} */ (details)).filter(
    (row) => typeof row === 'object' && row !== null && 'username' in row,
  );
  writeSync(1, `${JSON.stringify(rows)}\n`);
}

main().catch((/** @type {unknown} */ error) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
