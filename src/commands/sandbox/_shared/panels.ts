// `dactl sandbox --panels N`: N independent panels in one process, one saved profile each
// (sb-1 … sb-N), so a fleet can be tried and tested on one machine.
import { join } from 'node:path';
import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import type { Sandbox, SandboxOptions } from '../../../sandbox/index.js';
import { writeAtomically } from '../../../settings/files.js';
import type { Profile } from '../../../settings/store.js';

/** The most panels one process serves: each holds a listening socket and its own state. */
const maxPanels = 1000;

export function panelCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > maxPanels) {
    throw new UsageError(`--panels "${value}": must be a whole number from 1 to ${maxPanels}.`);
  }
  return n;
}

/** Starts the panels on free ports, saves their profiles, prints the ready line; returns them. */
export async function startPanels(
  ctx: Context,
  count: number,
  options: SandboxOptions,
  saveProfiles: boolean,
): Promise<Sandbox[]> {
  const { startSandbox } = await import('../../../sandbox/index.js');
  const panels: Sandbox[] = [];
  try {
    for (let i = 0; i < count; i += 1)
      panels.push(await startSandbox({ ...options, port: 0, modes: { ...options.modes } }));
  } catch (error) {
    await Promise.all(panels.map((p) => p.close()));
    throw error;
  }
  const names = saveProfiles
    ? await saveOwnProfiles(
        ctx,
        panels.map((panel, i) => ({ name: `sb-${String(i + 1)}`, panel })),
        false,
      )
    : [];
  const rows = panels.map((panel, i) => ({
    profile: names[i] ?? null,
    url: panel.url,
    port: Number(new URL(panel.url).port),
    accounts: panel.accounts,
  }));
  if (ctx.format === 'json') {
    ctx.out.line(JSON.stringify({ panels: rows }));
  } else {
    ctx.log.info(
      `${String(count)} sandbox panels listening on ports ${rows.map((r) => r.port).join(', ')}`,
    );
    await ctx.out.list(rows, [
      { key: 'profile', header: 'PROFILE' },
      { key: 'url', header: 'URL' },
    ]);
    if (saveProfiles)
      ctx.log.info(`Saved profiles sb-1 … sb-${String(count)}. Try: dactl users list -p 'sb-*'`);
    ctx.log.info('Press Ctrl-C to stop.');
  }
  return panels;
}

/**
 * Saves a profile for each panel (as its admin), never over one of the user's: a name held by a
 * profile dactl sandbox did not make becomes `<name>-2` (or -3 ...), said on stderr. Returns the
 * names used, in order (none for a panel without an admin).
 */
export async function saveOwnProfiles(
  ctx: Context,
  wanted: { name: string; panel: Sandbox }[],
  makeCurrent: boolean,
): Promise<(string | undefined)[]> {
  const store = await ctx.profiles();
  const names: (string | undefined)[] = [];
  await store.saveChosen((existing) => {
    const chosen: Record<string, Profile> = {};
    const free = (name: string): boolean =>
      !Object.hasOwn(chosen, name) &&
      (!Object.hasOwn(existing, name) || existing[name]?.sandbox === true);
    names.length = 0;
    for (const { name, panel } of wanted) {
      const admin = panel.accounts.find((a) => a.role === 'admin');
      if (!admin) {
        names.push(undefined);
        continue;
      }
      let pick = name;
      for (let n = 2; !free(pick); n += 1) pick = `${name}-${String(n)}`;
      names.push(pick);
      chosen[pick] = {
        url: panel.url,
        username: admin.username,
        password: admin.password,
        ...(panel.caCert ? { caCert: join(store.dir, `${pick}-ca.pem`) } : {}),
        sandbox: true,
      };
    }
    return chosen;
  }, makeCurrent);
  wanted.forEach(({ name, panel }, i) => {
    const pick = names[i];
    if (pick === undefined) return;
    if (panel.caCert) writeAtomically(join(store.dir, `${pick}-ca.pem`), panel.caCert, 0o600);
    if (pick !== name) {
      ctx.log.warn(
        `Profile "${name}" is not one dactl sandbox made, so it is left as it is; this panel's profile is "${pick}".`,
      );
    }
  });
  return names;
}
