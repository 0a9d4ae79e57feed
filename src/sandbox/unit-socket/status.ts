// Unit's GET /status and GET /control/applications/<name>/restart as unitd 1.35 serves them
// (src/nxt_status.c, src/nxt_controller.c). The sandbox runs no application, so the numbers are
// what Unit shows for its live applications at rest: each has the processes its definition
// starts (`processes: N`, or the `spare` of {max, spare}, 1 when unset), all idle, and no request;
// the instance has had no connection. `modules` lists the language modules of a source build.
import type { UnitState } from '../state.js';

type Answer = [status: number, body: unknown];

const modules = {
  python: { version: '3.11.2', lib: '/usr/lib/unit/modules/python3.11.unit.so' },
  php: { version: '8.2.28', lib: '/usr/lib/unit/modules/php.unit.so' },
  perl: { version: '5.36.0', lib: '/usr/lib/unit/modules/perl.unit.so' },
  ruby: { version: '3.1.2', lib: '/usr/lib/unit/modules/ruby.unit.so' },
};

function startedProcesses(definition: Record<string, unknown>): number {
  const { processes } = definition;
  if (typeof processes === 'number') return processes;
  if (typeof processes === 'object' && processes !== null) {
    const spare = (processes as Record<string, unknown>).spare;
    return typeof spare === 'number' ? spare : 0;
  }
  return 1;
}

export function statusOf(live: UnitState): Record<string, unknown> {
  const applications: Record<string, unknown> = {};
  for (const [name, app] of Object.entries(live.applications)) {
    const n = startedProcesses(app.definition);
    applications[name] = {
      processes: { running: n, starting: 0, idle: n },
      requests: { active: 0 },
    };
  }
  return {
    modules,
    connections: { accepted: 0, active: 0, idle: 0, closed: 0 },
    requests: { total: 0 },
    applications,
  };
}

/**
 * /control/<parts>: Unit's one control action, a GET that restarts a live application. Each name
 * restarted is added to `restarted`, for tests to see what was sent.
 */
export function control(
  live: UnitState,
  method: string,
  parts: readonly string[],
  restarted: string[],
): Answer {
  if (method !== 'GET') return [405, { error: "Method isn't allowed." }];
  const [what, name, action] = parts;
  if (
    parts.length !== 3 ||
    what !== 'applications' ||
    action !== 'restart' ||
    name === undefined ||
    !Object.hasOwn(live.applications, name)
  ) {
    return [404, { error: "Value doesn't exist." }];
  }
  restarted.push(name);
  return [200, { success: 'Ok' }];
}
