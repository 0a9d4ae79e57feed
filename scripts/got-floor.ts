// What got alone costs for the requests `dactl users list --names -o json` sends to the sandbox (as
// scripts/http-floor.cjs, through got): bundled and run by the launcher with its code cache, as
// dactl is, with nothing else of dactl's. scripts/bench.mjs builds it into its own directory
// (bundle() of scripts/build.mjs) and times it as a reference line without a budget.
// Environment: FLOOR_URL, FLOOR_USER, FLOOR_PASSWORD (the sandbox's admin).
import got from 'got';
import { writeSync } from 'node:fs';

/**
 * What the launcher files its code cache under at exit: nothing, as for `dactl` without a command
 * (`dactl.bin`), the file it reads for a command line without words, as this one's is.
 */
export const commandRan = (): undefined => undefined;

export async function run(): Promise<number> {
  const base = process.env.FLOOR_URL ?? '';
  const login = `${process.env.FLOOR_USER ?? ''}:${process.env.FLOOR_PASSWORD ?? ''}`;
  const headers = { authorization: `Basic ${Buffer.from(login).toString('base64')}` };
  const get = (path: string): Promise<unknown> =>
    got(new URL(path, base), { headers, retry: { limit: 0 } }).json();
  const users = await get('/CMD_API_SHOW_ALL_USERS?json=yes');
  if (!Array.isArray(users)) throw new Error('the user list is not an array');
  const [resellers, admins] = await Promise.all([
    get('/CMD_API_SHOW_RESELLERS?json=yes'),
    get('/CMD_API_SHOW_ADMINS?json=yes'),
  ]);
  // Admins, then resellers, then users, each once, as dactl prints them.
  const names = new Set([admins, resellers, users].flat() as string[]);
  writeSync(1, `${JSON.stringify([...names].map((username) => ({ username })))}\n`);
  return 0;
}
