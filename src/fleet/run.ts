// Runs one command over many panels in one process: each panel gets its own Context (profile,
// connection, client, writer), at most --parallel of them in flight. A failing panel is one line
// on stderr and the others go on; the run ends with exit 7 when some failed, or the common code
// when all failed the same way. A change is confirmed once for the whole fleet.
import type { Context } from '../context.js';
import { DactlError, PartialError, UsageError } from '../errors.js';
import { exitCodeOf, showError } from '../output/error.js';
import { Writer } from '../output/writer.js';
import { mapPooled } from '../pool.js';
import { asMember, type FleetMember } from './member.js';
import { FleetOutput } from './output.js';
import { sharedStdin } from './stdin.js';

export interface FleetPlan {
  profiles: readonly string[];
  parallel: number;
  sorted: boolean;
}

export async function runFleet(
  base: Context,
  plan: FleetPlan,
  action: () => Promise<unknown>,
): Promise<void> {
  const { profiles } = plan;
  // The run's own Context has no panel: its writer is the Writer that prints for every panel.
  if (!(base.out instanceof Writer)) throw new Error('a fleet run inside a fleet run');
  const output = new FleetOutput(base.out, plan.sorted);
  const progress = progressLine(base, profiles.length);
  const approve = once(() => approveFleet(base, profiles));
  const stdin = sharedStdin(base.io.stdin);
  const failures: { profile: string; error: unknown }[] = [];
  let done = 0;
  // A reader that stops (a paused pager) must not hold up the panels in flight, whose --timeout
  // runs: their output queues, and no other panel starts until the reader has caught up.
  const room = base.io.stdout.queueWrites?.();
  await mapPooled(profiles, plan.parallel, async (profile) => {
    await room?.();
    const member: FleetMember = { profile, sink: output, approve: approve.run, stdin };
    try {
      await asMember(member, action);
    } catch (error) {
      failures.push({ profile, error });
      if (!approve.failed(error)) {
        progress.clear();
        failureLine(base, profile, error);
      }
    }
    progress.show(++done);
  });
  progress.clear();
  await output.end();
  const refusal = failures.find((f) => approve.failed(f.error));
  if (refusal) throw refusal.error;
  if (failures.length === 0) return;
  const codes = new Set(failures.map((f) => exitCodeOf(f.error)));
  const [code] = codes;
  if (failures.length === profiles.length && codes.size === 1 && code !== undefined) {
    const first = failures[0]?.error;
    const name = first instanceof DactlError ? first.code : 'INTERNAL';
    throw new DactlError(name, code, `All ${profiles.length} panels failed; see above.`);
  }
  const names = failures.map((f) => f.profile).sort();
  throw new PartialError(
    `${failures.length} of ${profiles.length} panels failed: ${names.join(', ')}.`,
    `Each failure is on its own line above; retry them with -p ${names.join(',')}.`,
  );
}

/** One line per failing panel: its profile and why (as main.ts shows a run's error). */
function failureLine(base: Context, profile: string, error: unknown): void {
  // As main.ts does: JSON when asked for (--query alone prints JSON data, but plain errors).
  const json = base.options.json === true || base.options.output === 'json';
  showError(error, { json, profile }, base.io);
}

/** Asks once, listing the panels, before the first change; without a terminal only --yes. */
async function approveFleet(base: Context, profiles: readonly string[]): Promise<void> {
  if (base.options.yes) return;
  const shown = profiles.length > 20 ? [...profiles.slice(0, 20), '…'] : profiles;
  const question = `Change ${profiles.length} panels (${shown.join(', ')})?`;
  if (!base.interactive) {
    throw new UsageError(
      `A change over ${profiles.length} panels needs confirmation: pass --yes to go ahead without a terminal.`,
      "Try it first with --dry-run: it prints each panel's request and sends nothing.",
    );
  }
  await base.prompts.confirm({ message: question, flag: '--yes', yes: false });
}

/** A promise made on first call and shared by every panel; remembers its own refusal. */
function once(make: () => Promise<void>): {
  run: () => Promise<void>;
  failed: (error: unknown) => boolean;
} {
  let promise: Promise<void> | undefined;
  let refusal: unknown;
  return {
    run: () =>
      (promise ??= make().catch((error: unknown) => {
        refusal = error;
        throw error;
      })),
    failed: (error) => refusal !== undefined && error === refusal,
  };
}

/** `12/40 panels` on stderr, only at a terminal and not with --quiet. */
function progressLine(
  base: Context,
  total: number,
): { show: (n: number) => void; clear: () => void } {
  const on = base.io.stderr.isTTY && !base.options.quiet && total > 1;
  let shown = false;
  return {
    show: (n) => {
      if (!on) return;
      base.io.stderr.write(`\r${n}/${total} panels`);
      shown = true;
    },
    clear: () => {
      if (shown) base.io.stderr.write('\r\u001b[K');
      shown = false;
    },
  };
}
