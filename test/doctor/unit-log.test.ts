// The doctor's log check on Unit 1.35's own lines. The Python excerpt is from a real Unit 1.35.0
// log; the others are written as Unit's source at the 1.35.0 tag prints them (src/nxt_router.c,
// src/nxt_application.c, src/nxt_main_process.c, src/nxt_unit.c, the ruby and perl modules).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Finding } from '../../src/doctor/findings.js';
import { failureFindings, type Owner } from '../../src/doctor/log.js';
import { logFailures } from '../../src/doctor/unit-log.js';

const start = [
  '2025/06/02 14:10:07 [info] 28219#28219 unit 1.35.0 started',
  '2025/06/02 14:10:07 [info] 28221#28221 discovery started',
  '2025/06/02 14:10:07 [notice] 28221#28221 module: python 3.11.2 "/usr/lib/unit/modules/python3.11.unit.so"',
  '2025/06/02 14:10:07 [notice] 28219#28219 process 28221 exited with code 0',
  '2025/06/02 14:10:07 [info] 28220#28220 controller started',
  '2025/06/02 14:10:07 [info] 28222#28222 router started',
  '2025/06/02 14:10:07 [info] 28222#28222 OpenSSL 3.0.15 3 Sep 2024, 300000f0',
];

/** Python cannot import the application's module (a real Unit 1.35.0 log). */
const python = [
  '2025/06/02 14:12:31 [info] 28247#28247 "fred.example_app" prototype started',
  '2025/06/02 14:12:31 [info] 28253#28253 "fred.example_app" application started',
  '2025/06/02 14:12:31 [alert] 28253#28253 Python failed to import module "no_such_module"',
  'Traceback (most recent call last):',
  '  File "<frozen importlib._bootstrap>", line 1204, in _gcd_import',
  "ModuleNotFoundError: No module named 'no_such_module'",
  '2025/06/02 14:12:31 [notice] 28247#28247 app process 28253 exited with code 1',
];

/** An external application whose executable is missing, while the router applies a new conf. */
const execve = [
  '2025/06/02 14:20:02 [info] 28301#28301 "alice.example_blog" prototype started',
  '2025/06/02 14:20:02 [info] 28302#28302 "alice.example_blog" application started',
  '2025/06/02 14:20:02 [alert] 28302#28302 execve(/home/alice/blog/server) failed (2: No such file or directory)',
  '2025/06/02 14:20:02 [notice] 28301#28301 app process 28302 exited with code 1',
  '2025/06/02 14:20:02 [warn] 28222#28229 failed to start application "alice.example_blog"',
  '2025/06/02 14:20:02 [alert] 28222#28229 failed to apply new conf',
  '2025/06/02 14:20:02 [notice] 28219#28219 process 28301 exited with code 0',
];

/** Ruby without rack: libunit logs it before its init, with pid 0 and the thread's id. */
const ruby = [
  '2025/06/02 14:25:40 [info] 28410#28410 "fred.example_shop" prototype started',
  '2025/06/02 14:25:40 [info] 28411#28411 "fred.example_shop" application started',
  "2025/06/02 14:25:40 [alert] 0#28411 [unit] Ruby: Failed to require 'rack' package",
  "2025/06/02 14:25:40 [alert] 0#28411 [unit] Ruby: <internal:/usr/lib/ruby/3.1.0/rubygems/core_ext/kernel_require.rb>:85:in `require': cannot load such file -- rack (LoadError)",
  "2025/06/02 14:25:40 [alert] 0#28411 [unit] from <internal:/usr/lib/ruby/3.1.0/rubygems/core_ext/kernel_require.rb>:85:in `require'",
  '2025/06/02 14:25:40 [notice] 28410#28410 app process 28411 exited with code 1',
];

const owners: Record<string, { user: string; domain: string; item: string }> = {
  'fred.example_app': { user: 'fred', domain: 'fred.example', item: 'app' },
  'fred.example_shop': { user: 'fred', domain: 'fred.example', item: 'shop' },
  'alice.example_blog': { user: 'alice', domain: 'alice.example', item: 'blog' },
};
/** As the doctor's owner: every user, or one user's applications only (--user). */
const ownerOf =
  (user?: string): Owner =>
  (app) => {
    const o = owners[app];
    if (user !== undefined) return o?.user === user ? o : undefined;
    return o ?? { user: '', domain: '', item: app };
  };

const check = (lines: string[], user?: string): Finding[] =>
  failureFindings(logFailures(lines), 'unit.log', ownerOf(user), user === undefined);

const shown = (findings: Finding[]) =>
  findings.map((f) => ({ status: f.status, user: f.user, domain: f.domain, item: f.item }));

describe('unit doctor: failing applications in Unit 1.35’s log, by process id', () => {
  it('names the Python application that cannot import its module, with its user and domain', () => {
    for (const user of [undefined, 'fred']) {
      const findings = check([...start, ...python], user);
      assert.deepEqual(shown(findings), [
        { status: 'fail', user: 'fred', domain: 'fred.example', item: 'app' },
      ]);
      assert.match(findings[0]?.detail ?? '', /Python failed to import module "no_such_module"$/);
    }
    // Nothing of fred's is alice's; the module's name is never taken for an application.
    assert.deepEqual(check([...start, ...python], 'alice'), []);
    assert.ok(!JSON.stringify(check([...start, ...python])).includes('"item":"no_such_module"'));
  });

  it('shows the application’s own execve line, and the router’s failed conf is the same application’s', () => {
    const findings = check([...start, ...execve]);
    assert.deepEqual(shown(findings), [
      { status: 'fail', user: 'alice', domain: 'alice.example', item: 'blog' },
    ]);
    assert.match(findings[0]?.detail ?? '', /execve\(\/home\/alice\/blog\/server\) failed/);
    const router = logFailures(execve).filter((f) => !f.own);
    assert.deepEqual(
      router.map((f) => f.app),
      ['alice.example_blog', 'alice.example_blog'],
    );
    assert.deepEqual(check(execve, 'fred'), []);
  });

  it('attributes Ruby’s start-up errors logged with pid 0 by their thread id, first line shown', () => {
    const findings = check([...start, ...ruby], 'fred');
    assert.deepEqual(shown(findings), [
      { status: 'fail', user: 'fred', domain: 'fred.example', item: 'shop' },
    ]);
    assert.match(findings[0]?.detail ?? '', /Ruby: Failed to require 'rack' package$/);
  });

  it("reads the router’s own lines that quote the application: app '…'", () => {
    const line =
      "2025/06/02 15:01:13 [alert] 28222#28230 *41 stream #7, app 'fred.example_app': failed to send app message";
    const findings = check([line], 'fred');
    assert.deepEqual(shown(findings), [
      { status: 'fail', user: 'fred', domain: 'fred.example', item: 'app' },
    ]);
    assert.equal(findings[0]?.detail, line);
  });

  it('a process whose start is older than the window is "unattributed", in every scope', () => {
    const line = '2025/06/02 14:12:31 [alert] 31000#31000 Python failed to import module "wsgi"';
    for (const user of [undefined, 'fred']) {
      const findings = check([...start, line], user);
      assert.deepEqual(shown(findings), [
        { status: 'warn', user: '', domain: '', item: 'unattributed' },
      ]);
      const [found] = findings;
      assert.ok(found);
      assert.equal(found.detail, line);
      assert.match(found.fix, /Process 31000 started before the last 200 lines/);
    }
  });

  it('forgets a process at its exit: a later line of a reused id is not its application’s', () => {
    const reused =
      '2025/06/02 16:00:00 [alert] 28253#28253 execve(/srv/x) failed (13: Permission denied)';
    const failures = logFailures([...python, reused]);
    assert.equal(failures.at(-1)?.app, undefined);
  });

  it('a process killed by a signal is its application’s failure, named by the exit line', () => {
    const findings = check([
      '2025/06/02 17:00:00 [info] 29001#29001 "alice.example_blog" application started',
      '2025/06/02 17:05:00 [alert] 28301#28301 app process 29001 exited on signal 11 (core dumped)',
    ]);
    assert.deepEqual(shown(findings), [
      { status: 'fail', user: 'alice', domain: 'alice.example', item: 'blog' },
    ]);
    assert.match(findings[0]?.detail ?? '', /exited on signal 11/);
  });

  it('after a crash loop, shows the first line of the last attempt', () => {
    const again = python.map((l) =>
      l
        .replace('14:12:31', '14:13:02')
        .replaceAll('28253', '28260')
        .replace('no_such_module', 'still_missing'),
    );
    const findings = check([...start, ...python, ...again]);
    assert.equal(findings.length, 1);
    assert.match(findings[0]?.detail ?? '', /still_missing/);
  });

  it('Unit’s own process failing (the router refusing a conf) is a warning without --user', () => {
    const line = '2025/06/02 18:00:00 [alert] 28222#28226 failed to apply new conf';
    assert.deepEqual(shown(check([...start, line])), [
      { status: 'warn', user: '', domain: '', item: "Unit's router" },
    ]);
    assert.deepEqual(check([...start, line], 'fred'), []);
  });

  it('ignores what is not a failure: start-up, info and notice lines, applications’ own output', () => {
    assert.deepEqual(check([...start, ...python.slice(0, 2), 'ERROR in app: "quoted"']), []);
  });
});
