// What `unit route delete` reports for each set (spec 4.3 rule 3): removed; removed locally
// because the live route was already gone; kept because clearing the live route failed; or not
// found, and so not sent. Some sets gone and others not is a partial outcome (exit 7).
import type { Context } from '../../../../context.js';
import { PanelError, PartialError } from '../../../../errors.js';

export interface Outcome {
  set: string;
  outcome: 'removed' | 'removed-local' | 'kept' | 'not-found';
}

const said = (refusal: PanelError | undefined): string =>
  refusal === undefined ? '' : ` (the panel said: ${refusal.message})`;

/**
 * One line per set on stderr, the outcomes as data for scripts; exit 7 when some sets went and
 * others did not, exit 5 when every set was kept.
 */
export async function report(
  ctx: Context,
  domain: string,
  outcomes: readonly Outcome[],
  refusal: PanelError | undefined,
): Promise<void> {
  for (const { set, outcome } of outcomes) {
    if (outcome === 'removed') ctx.log.success(`Removed the route set ${set}.`);
    else if (outcome === 'removed-local') {
      ctx.log.success(`Removed the local copy of ${set}; its live route was already gone.`);
    } else if (outcome === 'not-found') {
      ctx.log.warn(`Not deleted ${set}: ${domain} has no such route set.`);
    } else {
      ctx.log.warn(
        `Kept ${set}: clearing its live route failed, so the panel keeps its local copy.`,
      );
    }
  }
  if (ctx.format !== 'table') {
    await ctx.out.list(outcomes, [
      { key: 'set', header: 'SET' },
      { key: 'outcome', header: 'OUTCOME' },
    ]);
  }
  const kept = outcomes.filter((o) => o.outcome === 'kept').map((o) => o.set);
  const missing = outcomes.filter((o) => o.outcome === 'not-found').map((o) => o.set);
  const gone = outcomes.length - kept.length - missing.length;
  if (gone > 0 && kept.length + missing.length > 0) {
    const why = [
      kept.length > 0
        ? `kept ${kept.join(', ')} (its live route could not be cleared${said(refusal)})`
        : '',
      missing.length > 0 ? `${domain} has no route set ${missing.join(', ')}` : '',
    ].filter(Boolean);
    throw new PartialError(
      `Removed ${String(gone)} of ${String(outcomes.length)} route sets; ${why.join('; ')}.`,
      kept.length > 0
        ? "Unit's log (/var/log/unit/unit.log on the server) tells why; run the delete again once Unit is back."
        : `See its route sets with: dactl unit route list --domain ${domain}`,
    );
  }
  if (kept.length > 0) {
    throw new PanelError(
      `The live route of ${kept.join(', ')} could not be cleared; ${kept.length > 1 ? 'their local copies stay' : 'its local copy stays'}${said(refusal)}.`,
      "Unit's log (/var/log/unit/unit.log on the server) tells why; run the delete again once Unit is back.",
      refusal?.status,
      refusal?.type,
    );
  }
  // Every set went, yet the panel complained: its words still decide the exit code.
  if (refusal !== undefined) throw refusal;
}
