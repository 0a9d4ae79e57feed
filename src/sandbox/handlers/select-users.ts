// CMD_API_SELECT_USERS (reseller): suspend, unsuspend or delete the accounts named by `select0`,
// `select1`, ... (any parameter starting with `select`, as clients also send `select<name>`).
// The action: `suspend=Suspend|Unsuspend` (older panels: anything else toggles), `dosuspend`,
// `dounsuspend`, `action=suspend|unsuspend`, or `delete=yes` with `confirmed=Confirm`. An admin
// may act on any other account, a reseller on the users it created; deleting a reseller deletes
// its users too. Each name is done or refused on its own; the reply names the refused ones.

import { mayActAs } from '../auth.js';
import { failure, success } from '../reply.js';
import type { Reply } from '../reply.js';
import type { Handler } from '../route.js';
import { findAccount } from '../state.js';
import type { AccountRecord, SandboxState } from '../state.js';

type Action = 'suspend' | 'unsuspend' | 'toggle' | 'delete';

export const selectUsers: Handler = ({ account, request, store }) => {
  const p = request.params;
  const action = actionOf(p);
  if (action === undefined) {
    return failure(400, 'BAD_REQUEST', 'No action', 'Pass suspend=Suspend|Unsuspend or delete=yes');
  }
  if (action === 'delete' && p.confirmed === undefined) {
    return failure(400, 'BAD_REQUEST', 'Not confirmed', 'Deleting needs confirmed=Confirm');
  }
  const names = [
    ...new Set(
      Object.entries(p)
        .filter(([k, v]) => k.startsWith('select') && v !== '')
        .map(([, v]) => v),
    ),
  ];
  if (names.length === 0) return failure(400, 'BAD_REQUEST', 'No users selected', '');

  const done: string[] = [];
  const refused: string[] = [];
  for (const name of names) {
    const target = findAccount(store.state, name);
    if (target === undefined || !mayActAs(account, target)) {
      refused.push(`${name}: not an account you manage`);
    } else if (target.username === account.username) {
      refused.push(`${name}: you cannot ${action === 'delete' ? 'delete' : 'suspend'} yourself`);
    } else {
      apply(store.state, target, action);
      done.push(name);
    }
  }
  if (done.length > 0) store.save();
  const verb = action === 'delete' ? 'deleted' : action === 'toggle' ? 'changed' : `${action}ed`;
  if (refused.length === 0) return success('Success', `${done.join(', ')} ${verb}`);
  return outcome(done, verb, refused);
};

function outcome(done: string[], verb: string, refused: string[]): Reply {
  const head = done.length > 0 ? `${done.join(', ')} ${verb}; ` : '';
  return failure(
    400,
    'BAD_REQUEST',
    done.length > 0 ? 'Some accounts were not changed' : 'No account was changed',
    `${head}${refused.join('; ')}`,
  );
}

function actionOf(p: Record<string, string>): Action | undefined {
  if (p.delete !== undefined && p.delete !== '' && p.delete !== 'no') return 'delete';
  const said = (p.action ?? p.suspend ?? '').toLowerCase();
  if (p.dounsuspend !== undefined || said === 'unsuspend') return 'unsuspend';
  if (p.dosuspend !== undefined || said === 'suspend') return 'suspend';
  return p.suspend !== undefined ? 'toggle' : undefined;
}

function apply(state: SandboxState, target: AccountRecord, action: Action): void {
  if (action === 'suspend') target.suspended = true;
  else if (action === 'unsuspend') delete target.suspended;
  else if (action === 'toggle') target.suspended = target.suspended !== true;
  else {
    // A reseller goes with its users, and every account goes with its live Unit configuration.
    const gone = new Set([
      target.username,
      ...state.accounts
        .filter((a) => a.owner === target.username && a.role === 'user')
        .map((a) => a.username),
    ]);
    for (let i = state.accounts.length - 1; i >= 0; i--) {
      if (gone.has(state.accounts[i]?.username ?? '')) state.accounts.splice(i, 1);
    }
    const unit = state.unit;
    if (unit !== undefined) {
      for (const [k, v] of Object.entries(unit.applications))
        if (gone.has(v.user)) Reflect.deleteProperty(unit.applications, k);
      for (const [k, v] of Object.entries(unit.routes))
        if (gone.has(v.user)) Reflect.deleteProperty(unit.routes, k);
    }
  }
}
