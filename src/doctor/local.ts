// `unit doctor` on the panel's server: the files read once, Unit's configuration read once, then
// every check over them, in a stable order (per check, user, domain, item).
import { acmeFindings } from './acme.js';
import { driftFindings } from './drift.js';
import type { Finding } from './findings.js';
import { liveApp, liveRoute } from './layout.js';
import { logFindings } from './log.js';
import { readPanel, type Scope, type UserFiles } from './panel.js';
import { probeFindings, type Target } from './probe.js';
import { PanelFiles } from './read.js';
import { moduleFindings, portFinding } from './settings.js';
import { readLive, type LiveConfig } from './socket.js';

export interface Where extends Scope {
  socket: string;
  timeoutMs?: number;
}

interface LocalOptions extends Where {
  conf: string;
  log: string;
  probe?: { address?: string };
}

export interface Snapshot {
  files: PanelFiles;
  users: UserFiles[];
  live: LiveConfig;
}

/** The panel's files and Unit's live configuration, each read once. */
export async function snapshot(options: Where): Promise<Snapshot> {
  const files = PanelFiles.open(options.dataDir, options.flag);
  const users = readPanel(files, options);
  const live = await readLive(options.socket, options.timeoutMs);
  return { files, users, live };
}

export async function localDoctor(options: LocalOptions): Promise<Finding[]> {
  const { files, users, live } = await snapshot(options);
  const all = options.user === undefined && options.domain === undefined;
  const findings: Finding[] = [];
  if (options.domain === undefined) findings.push(portFinding(files, options.conf, live));
  findings.push(...moduleFindings(files, users));
  findings.push(...(await driftFindings(users, live, all)));
  for (const u of users) for (const d of u.domains) findings.push(...acmeFindings(u.user, d));
  findings.push(...logFindings(files, options.log, ownerOf(users, all), all));
  // Last: every file read above that was there but not read (a FIFO, too large).
  findings.push(...files.findings());
  if (options.probe)
    findings.push(...(await probeFindings(targets(users, live), options.probe.address)));
  return findings;
}

/** Who a live application name belongs to; with every user read, unmatched names too. */
function ownerOf(users: readonly UserFiles[], all: boolean) {
  const names = new Map<string, { user: string; domain: string; item: string }>();
  const domains = new Map<string, string>();
  for (const u of users) {
    for (const d of u.domains) {
      domains.set(d.domain, u.user);
      for (const app of d.apps.keys())
        names.set(liveApp(d.domain, app), { user: u.user, domain: d.domain, item: app });
    }
  }
  return (name: string) => {
    const known = names.get(name);
    if (known) return known;
    const cut = name.indexOf('_');
    const user = domains.get(name.slice(0, cut));
    if (cut > 0 && user !== undefined)
      return { user, domain: name.slice(0, cut), item: name.slice(cut + 1) };
    return all ? { user: '', domain: '', item: name } : undefined;
  };
}

/** Each domain and subdomain with a route set, stored or live. */
function targets(users: readonly UserFiles[], live: LiveConfig): Target[] {
  return users.flatMap((u) =>
    u.domains.flatMap((d) =>
      [...d.routes.keys()].map((set) => ({
        user: u.user,
        domain: d.domain,
        set,
        live: Object.hasOwn(live.routes, liveRoute(set)),
        as: u.user,
      })),
    ),
  );
}
