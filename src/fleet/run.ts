// Runs one command over many panels in one process: each panel gets its own Context (profile,
// connection, client, writer), at most --parallel of them in flight. A failing panel is one line
// on stderr and the others go on; the run ends with exit 7 when some failed, or the common code
// when all failed the same way. A change is confirmed once for the whole fleet.
import type { Context } from '../context.js';
import { DactlError, ExitCode, PartialError, UsageError } from '../errors.js';
import { escapeControl } from '../text/escape.js';
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
  const output = new FleetOutput(base.out, plan.sorted);
  const progress = progressLine(base, profiles.length);
  const approve = once(() => approveFleet(base, profiles));
  const stdin = sharedStdin(base.io.stdin);
  const failures: { profile: string; error: unknown }[] = [];
  let done = 0;
  await mapPooled(profiles, plan.parallel, async (profile) => {
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

const exitCodeOf = (error: unknown): number =>
  error instanceof DactlError ? error.exitCode : ExitCode.failure;

/**
 * One line per failing panel: its profile and why, as a JSON object under -o json. What the
 * user must keep (a generated password that was sent) follows, as main.ts prints it for one.
 */
function failureLine(base: Context, profile: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  const known = error instanceof DactlError;
  const keep = known ? error.keep : undefined;
  // As main.ts does: JSON when asked for (--query alone prints JSON data, but plain errors).
  if (base.options.json === true || base.options.output === 'json') {
    const code = known ? error.code : 'INTERNAL';
    const hint = known && error.hint ? { hint: error.hint } : {};
    const kept = keep ? { [keep.key]: keep.value } : {};
    const failure = { code, message, exitCode: exitCodeOf(error), ...hint, ...kept };
    base.io.stderr.write(JSON.stringify({ profile, error: failure }) + '\n');
    return;
  }
  base.io.stderr.write(`error: ${profile}: ${escapeControl(message)}\n`);
  if (keep) base.io.stderr.write(`${profile}: ${keep.label}: ${escapeControl(keep.value)}\n`);
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
