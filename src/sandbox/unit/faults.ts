// Failures of the application server itself, for the case spec 4.3 rule 3 describes: Unit fails
// to clear a live route, so the panel keeps its local copy. Tests switch it on through
// `sandbox.unitFaults.clearFails = ['shop.fred.example']`; `dactl sandbox` users through
// DACTL_SANDBOX_UNIT_CLEAR_FAILS (comma-separated route set names). Read on every request.
import type { Store } from '../state.js';
import type { UnitFaults } from '../types.js';

const bound = new WeakMap<Store, UnitFaults>();

export function unitFaultsFrom(
  option: Partial<UnitFaults> | undefined,
  env: NodeJS.ProcessEnv = process.env,
): UnitFaults {
  const fromEnv = (env.DACTL_SANDBOX_UNIT_CLEAR_FAILS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return { clearFails: [...(option?.clearFails ?? fromEnv)] };
}

export function bindUnitFaults(store: Store, faults: UnitFaults): void {
  bound.set(store, faults);
}

/** Whether Unit fails to clear this route set's live route right now. */
export const clearFails = (store: Store, set: string): boolean =>
  bound.get(store)?.clearFails.includes(set) ?? false;
