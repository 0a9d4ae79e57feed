// Unit's /status (Unit 1.35, src/nxt_status.c) joined with the panel's owners. Unit counts
// connections and requests for the whole instance (it keeps no counter per listener), and per
// application its processes (running, idle among them, and starting) and the requests it is
// handling now. A live name is `<domain>_<app>` (layout.ts); its owner is the panel user whose
// domain it is, read from the data directory. A name no user's domain explains keeps an empty
// user (and, when it has no domain at all, an empty domain), as the doctor reports it.
import { isRecord } from '../json/record.js';
import { PanelError } from '../errors.js';
import { domainName } from '../validate/account.js';
import type { UserFiles } from './panel.js';

export interface AppStatus {
  /** The panel user who has the domain; '' when none has. */
  user: string;
  /** '' when the live name is not `<domain>_<app>`. */
  domain: string;
  app: string;
  /** The name Unit runs it under. */
  unitName: string;
  running: number;
  starting: number;
  idle: number;
  /** Requests the application is handling now. */
  activeRequests: number;
}

interface UnitStatus {
  /** For all of Unit, whatever --user or --domain showed. */
  connections: { accepted: number; active: number; idle: number; closed: number };
  requests: { total: number };
  applications: AppStatus[];
}

export function unitStatus(
  reply: unknown,
  users: readonly UserFiles[],
  socket: string,
): UnitStatus {
  const bad = (what: string): PanelError =>
    new PanelError(
      `Unit's /status on ${socket} has no ${what}.`,
      'dactl reads the /status of Unit 1.28 and later: check Unit’s version (unitd --version).',
    );
  const count = (node: unknown, key: string, what: string): number => {
    const v = isRecord(node) ? node[key] : undefined;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw bad(`${what}.${key} number`);
    return v;
  };
  if (!isRecord(reply)) throw bad('object');
  const { connections: c, requests, applications } = reply;
  if (!isRecord(applications)) throw bad('applications object');
  const owners = new Map(users.flatMap((u) => u.domains.map((d) => [d.domain, u.user] as const)));
  const rows = Object.entries(applications).map(([unitName, a]): AppStatus => {
    const processes = isRecord(a) ? a.processes : undefined;
    const cut = unitName.indexOf('_');
    const domain = cut > 0 ? unitName.slice(0, cut) : '';
    const named = domain !== '' && domainName(domain) === undefined;
    return {
      user: (named && owners.get(domain)) || '',
      domain: named ? domain : '',
      app: named ? unitName.slice(cut + 1) : unitName,
      unitName,
      running: count(processes, 'running', `applications.${unitName}.processes`),
      starting: count(processes, 'starting', `applications.${unitName}.processes`),
      idle: count(processes, 'idle', `applications.${unitName}.processes`),
      activeRequests: count(
        isRecord(a) ? a.requests : undefined,
        'active',
        `applications.${unitName}.requests`,
      ),
    };
  });
  // The panel's users in order, then what no user has.
  const key = (r: AppStatus): string =>
    `${r.user === '' ? '1' : '0'}\0${r.user}\0${r.domain}\0${r.app}`;
  rows.sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
  return {
    connections: {
      accepted: count(c, 'accepted', 'connections'),
      active: count(c, 'active', 'connections'),
      idle: count(c, 'idle', 'connections'),
      closed: count(c, 'closed', 'connections'),
    },
    requests: { total: count(requests, 'total', 'requests') },
    applications: rows,
  };
}
