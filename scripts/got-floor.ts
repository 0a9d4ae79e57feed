// What got alone costs for the requests `dactl users list -o json` sends to the sandbox (as
// scripts/http-floor.cjs, through got): bundled and run by the launcher with its code cache, as
// dactl is, with nothing else of dactl's. scripts/bench.mjs builds it into its own directory
// (bundle() of scripts/build.mjs) and times it as a reference line without a budget.
// Environment: FLOOR_URL, FLOOR_USER, FLOOR_PASSWORD (the sandbox's admin).
import got from 'got';
import { writeSync } from 'node:fs';

export async function run(): Promise<number> {
  const base = process.env.FLOOR_URL ?? '';
  const login = `${process.env.FLOOR_USER ?? ''}:${process.env.FLOOR_PASSWORD ?? ''}`;
  const headers = { authorization: `Basic ${Buffer.from(login).toString('base64')}` };
  const get = (path: string): Promise<unknown> =>
    got(new URL(path, base), { headers, retry: { limit: 0 } }).json();
  const names = await get('/CMD_API_SHOW_ALL_USERS?json=yes');
  if (!Array.isArray(names)) throw new Error('the user list is not an array');
  await Promise.all([
    get('/CMD_API_SHOW_RESELLERS?json=yes'),
    get('/CMD_API_SHOW_ADMINS?json=yes'),
  ]);
  const details = await get('/CMD_ALL_USER_SHOW?json=yes&ipp=1000&page=1');
  // The page's rows (its other members say how it pages), as dactl prints them: an array.
  const rows = Object.values(details as Record<string, unknown>).filter(
    (row) => typeof row === 'object' && row !== null && 'username' in row,
  );
  writeSync(1, `${JSON.stringify(rows)}\n`);
  return 0;
}
