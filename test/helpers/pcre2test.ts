// PCRE2's own verdict on patterns, from its `pcre2test` program (Debian's pcre2-utils), for the
// differential tests of dactl's PCRE2 checker. All patterns go through one pcre2test process: each
// is written in hex (so any byte, the delimiter and newlines included, reaches pcre2_compile as
// is) with `memory`, which prints the compiled size on success.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The PCRE2 release NGINX Unit 1.35 links (Debian 12) and the checker models. */
const PCRE2_VERSION = '10.42';

/** A compile error (PCRE2's message and offset) or, on success, the compiled size in code units. */
export type Pcre2Verdict = { offset: number; message: string } | { size: number };

/** The pcre2test program: $PCRE2TEST, else `pcre2test` on the PATH. */
const program = process.env.PCRE2TEST ?? 'pcre2test';

/**
 * Why the differential tests cannot run here (no pcre2test, or another PCRE2 release whose
 * messages and limits may differ), or undefined when they can.
 */
export function pcre2testMissing(): string | undefined {
  const r = spawnSync(program, ['-version'], { encoding: 'utf8' });
  if (r.error !== undefined || r.status !== 0) {
    return `${program} not found (Debian/Ubuntu package pcre2-utils; or set PCRE2TEST to its path)`;
  }
  const version = /PCRE2 version (\S+)/.exec(r.stdout)?.[1];
  return version === PCRE2_VERSION
    ? undefined
    : `${program} is PCRE2 ${version ?? '(unknown)'}, not ${PCRE2_VERSION} as NGINX Unit 1.35 links`;
}

const hex = (pattern: string): string => Buffer.from(pattern, 'utf8').toString('hex');

/** PCRE2's verdict on each pattern, compiled without options as Unit compiles a route's `~`. */
export function pcre2test(patterns: readonly string[]): Pcre2Verdict[] {
  if (patterns.length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), 'dactl-pcre2-'));
  try {
    const input = join(dir, 'patterns');
    // A blank line after each pattern: no subject lines to match.
    writeFileSync(input, patterns.map((p) => `/${hex(p)}/hex,memory\n\n`).join(''));
    const r = spawnSync(program, ['-q', input], {
      encoding: 'latin1',
      maxBuffer: 1 << 30,
    });
    if (r.error !== undefined) throw r.error;
    const verdicts: Pcre2Verdict[] = [];
    for (const line of r.stdout.split('\n')) {
      const failed = /^Failed: error \d+ at offset (\d+): (.*)$/.exec(line);
      if (failed) verdicts.push({ offset: Number(failed[1]), message: failed[2] ?? '' });
      const size = /^Memory allocation \(code space\): (\d+)$/.exec(line);
      if (size) verdicts.push({ size: Number(size[1]) });
    }
    if (verdicts.length !== patterns.length) {
      throw new Error(
        `pcre2test answered ${String(verdicts.length)} of ${String(patterns.length)} patterns ` +
          `(exit ${String(r.status)}): ${r.stderr.slice(0, 500)}`,
      );
    }
    return verdicts;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
