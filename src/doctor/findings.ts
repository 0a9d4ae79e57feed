// What every check of `unit doctor` reports: one finding per thing looked at, ok or not, so
// -o json gives monitoring the whole picture and the table the problems.

type Status = 'ok' | 'warn' | 'fail';

type Check = 'module' | 'port' | 'live' | 'app' | 'route' | 'acme' | 'log' | 'probe' | 'layout';

export interface Finding {
  check: Check;
  user: string;
  domain: string;
  item: string;
  status: Status;
  detail: string;
  /** What to do about it; '' when nothing needs doing. */
  fix: string;
  /** For a live definition that differs from its copy: `- live` / `+ copy` lines. */
  diff?: string[];
}

export const ok = (f: Omit<Finding, 'status' | 'fix'>): Finding => ({
  check: f.check,
  user: f.user,
  domain: f.domain,
  item: f.item,
  status: 'ok',
  detail: f.detail,
  fix: '',
});

export const failed = (findings: readonly Finding[]): number =>
  findings.filter((f) => f.status === 'fail').length;
