// Checks that a decoded reply has the shape a command relies on; anything else is the panel
// answering nonsensically (exit 5), never a crash further down.
import { AuthError, NotFoundError, PanelError } from '../errors.js';

export function unexpected(what: string, data: unknown): PanelError {
  const seen = (JSON.stringify(data) as string | undefined)?.slice(0, 120) ?? String(data);
  return new PanelError(
    `The panel's reply to ${what} does not have the expected shape: ${seen}`,
    'Run again with --debug; the panel version may differ from what dactl knows.',
  );
}

/** The panel sends numbers as strings in some replies; accept both. */
export function toInteger(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v);
  return undefined;
}

/** A refusal that means "this account may not see that", or an older panel lacking the command. */
export const cannotSee = (error: unknown): boolean =>
  (error instanceof AuthError && error.hint === undefined) || error instanceof NotFoundError;

/** What `read` gives, or undefined when the account may not see it (cannotSee). */
export async function ifVisible<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (cannotSee(error)) return undefined;
    throw error;
  }
}
