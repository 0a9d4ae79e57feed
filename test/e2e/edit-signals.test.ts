// Ctrl-C (SIGINT to the whole foreground group, as a terminal sends it) and SIGTERM (to dactl
// alone, as `kill` sends it) while $EDITOR runs: the private dactl-edit-* directory with the
// definition in it is gone afterwards, and nothing was sent. Real processes, since the signal
// and the process are what is tested; each run gets its own TMPDIR to look in.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { bin, world, type World } from '../helpers/dactl.js';

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  tmp: string[];
}

/** Whether process `pid` ends (exits, or is a zombie nobody reaped yet) within a few seconds. */
async function ends(pid: number): Promise<boolean> {
  for (let i = 0; i < 250; i += 1) {
    let state: string;
    try {
      state = readFileSync(`/proc/${String(pid)}/stat`, 'utf8').replace(/^.*\) /s, '')[0] ?? '';
    } catch {
      return true;
    }
    if (state === 'Z' || state === 'X') return true;
    await sleep(20);
  }
  return false;
}

// /proc tells a process that ended from one still running.
const procFs = { skip: existsSync('/proc/self/stat') ? false : 'no /proc to watch the editor in' };

describe('signals while $EDITOR runs', procFs, () => {
  let w: World;
  let n = 0;
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  /** Runs dactl with an editor that sleeps, sends `signal` once the editor runs, and waits. */
  async function interrupt(args: string[], signal: 'SIGINT' | 'SIGTERM'): Promise<Ended> {
    const dir = join(w.home.dir, `signal${String(++n)}`);
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp, { recursive: true });
    const editor = join(dir, 'editor.sh');
    writeFileSync(editor, `#!/bin/sh\necho $$ > "${dir}/pid"\nexec sleep 60\n`, { mode: 0o755 });
    const since = w.sandbox.requests.length;
    // Its own process group, so a Ctrl-C can be sent to dactl and the editor together.
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...w.envFor('fred'), EDITOR: editor, TMPDIR: tmp },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const ended = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
      // 'exit', not 'close': a surviving editor would hold stderr open.
      child.on('exit', (code, sig) => {
        resolve([code, sig]);
      });
    });
    const pidFile = join(dir, 'pid');
    while (!existsSync(pidFile) || readFileSync(pidFile, 'utf8').trim() === '') await sleep(20);
    const editorPid = Number(readFileSync(pidFile, 'utf8'));
    assert.ok(
      readdirSync(tmp).some((e) => e.startsWith('dactl-edit-')),
      'the edit file exists',
    );
    process.kill(signal === 'SIGINT' ? -(child.pid ?? 0) : (child.pid ?? 0), signal);
    const [code, sig] = await ended;
    const editorEnded = await ends(editorPid);
    if (!editorEnded) process.kill(editorPid, 'SIGKILL');
    assert.ok(editorEnded, 'the editor ends with dactl');
    assert.deepEqual(w.postsSince(since), [], 'nothing was sent');
    return { code, signal: sig, stderr, tmp: readdirSync(tmp) };
  }

  const routeEdit = ['unit', 'route', 'edit', '--domain', 'fred.example'];
  const appEdit = ['unit', 'app', 'modify', 'app', '--domain', 'fred.example', '--edit', '--yes'];

  for (const [what, args] of [
    ['unit route edit', routeEdit],
    ['unit app modify --edit', appEdit],
  ] as const) {
    it(`${what}: Ctrl-C ends the editor and the run (130), and removes the temporary file`, async () => {
      const end = await interrupt([...args], 'SIGINT');
      assert.equal(end.code, 130, end.stderr);
      assert.match(end.stderr, /was interrupted; nothing was sent/);
      assert.deepEqual(end.tmp, []);
    });

    it(`${what}: SIGTERM ends the editor and dactl, and removes the temporary file`, async () => {
      const end = await interrupt([...args], 'SIGTERM');
      assert.equal(end.signal, 'SIGTERM', end.stderr);
      assert.deepEqual(end.tmp, []);
    });
  }
});
