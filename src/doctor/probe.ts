// --probe: one HTTP request to each domain and subdomain with a route set, each with its own
// Host (the set's name: `<sub>.<domain>` for a subdomain's), so a set Unit lacks is a 404 of its
// own; explaining what the web server answers (spec 7): 404 when no route matches, 503 when the
// application is not proxied correctly (the domain's error log has details), and any other
// answer for a set Unit runs no route for as something else answering in its place.
import { request } from 'node:http';
import { mapPooled } from '../pool.js';
import { ok, type Finding } from './findings.js';
import { errorLogs } from './layout.js';

export interface Target {
  user: string;
  domain: string;
  /** The host name: the route set's name. */
  set: string;
  /** Whether Unit runs a route for the set. */
  live: boolean;
  /** The `--as` a fix names (the doctor on the server acts for the user). */
  as?: string;
}

const parallel = 16;
const timeoutMs = 5000;

/** `address` (host:port) is where every request goes instead of each host's own port 80. */
export function probeFindings(targets: readonly Target[], address?: string): Promise<Finding[]> {
  return mapPooled(targets, parallel, async (t) => explain(t, await status(t.set, address)));
}

/** The flags that name a target's route set: `--domain D [--subdomain S] [--as U]`. */
function setFlags(t: Target): string {
  const sub = t.set === t.domain ? '' : ` --subdomain ${t.set.slice(0, -(t.domain.length + 1))}`;
  return `--domain ${t.domain}${sub}${t.as === undefined ? '' : ` --as ${t.as}`}`;
}

function explain(t: Target, answer: number | string): Finding {
  const base = {
    check: 'probe' as const,
    user: t.user,
    domain: t.domain,
    item: `http://${t.set}/`,
  };
  const errorLog = `Read the domain's error log: ${errorLogs(t.domain).join(' or ')}.`;
  const rewrite = `dactl unit sync (the panel rewrites ${t.set} from its copy), or set it again: dactl unit route set ${setFlags(t)} --file <route.json>`;
  if (typeof answer === 'string') {
    return {
      ...base,
      status: 'fail',
      detail: `No answer: ${answer}.`,
      fix: 'Check that the domain points to this server and the web server runs.',
    };
  }
  if (answer === 404) {
    return {
      ...base,
      status: 'fail',
      detail: t.live
        ? 'HTTP 404: no step of the route set matches /.'
        : 'HTTP 404: Unit runs no route for it.',
      fix: t.live ? `Add a step for /: dactl unit route edit ${setFlags(t)}` : rewrite,
    };
  }
  if (answer >= 500) {
    return {
      ...base,
      status: 'fail',
      detail:
        answer === 503
          ? 'HTTP 503: the application is not proxied correctly.'
          : `HTTP ${String(answer)}.`,
      fix: errorLog,
    };
  }
  if (!t.live) {
    // What answered is not this set's route: another set (the domain's) or not Unit at all.
    return {
      ...base,
      status: 'fail',
      detail: `HTTP ${String(answer)}, but Unit runs no route for ${t.set}: something else answered (another route set, or the web server itself).`,
      fix: rewrite,
    };
  }
  return ok({ ...base, detail: `HTTP ${String(answer)}.` });
}

function status(host: string, address?: string): Promise<number | string> {
  const [to, port] = address === undefined ? [host, 80] : splitAddress(address);
  return new Promise((resolve) => {
    const req = request(
      { host: to, port, path: '/', headers: { host }, timeout: timeoutMs },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code ?? error.message);
    });
    req.end();
  });
}

function splitAddress(address: string): [string, number] {
  const cut = address.lastIndexOf(':');
  return [address.slice(0, cut).replace(/^\[|\]$/g, ''), Number(address.slice(cut + 1))];
}
