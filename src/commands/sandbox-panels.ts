// `dactl sandbox --panels N`: N independent panels in one process, one saved profile each
// (sb-1 … sb-N), so a fleet can be tried and tested on one machine.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { Sandbox, SandboxOptions } from '../sandbox/index.js';
import type { Profile } from '../settings/store.js';

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
  const { startSandbox } = await import('../sandbox/index.js');
  const panels: Sandbox[] = [];
  try {
    for (let i = 0; i < count; i += 1)
      panels.push(await startSandbox({ ...options, port: 0, modes: { ...options.modes } }));
  } catch (error) {
    await Promise.all(panels.map((p) => p.close()));
    throw error;
  }
  const names = panels.map((_, i) => `sb-${String(i + 1)}`);
  if (saveProfiles) {
    const profiles: Record<string, Profile> = {};
    panels.forEach((panel, i) => {
      const admin = panel.accounts.find((a) => a.role === 'admin');
      const name = names[i] ?? '';
      if (!admin) return;
      let caCert: string | undefined;
      if (panel.caCert) {
        caCert = join(ctx.configDir, `${name}-ca.pem`);
        mkdirSync(ctx.configDir, { recursive: true, mode: 0o700 });
        writeFileSync(caCert, panel.caCert, { mode: 0o600 });
      }
      profiles[name] = {
        url: panel.url,
        username: admin.username,
        password: admin.password,
        ...(caCert ? { caCert } : {}),
      };
    });
    await (await ctx.profiles()).saveMany(profiles);
  }
  const rows = panels.map((panel, i) => ({
    profile: saveProfiles ? (names[i] ?? null) : null,
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
