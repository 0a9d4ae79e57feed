// The sandbox's Unit: live state versus the panel's local copies (spec 2.6), and the uploaded
// files an application needs before it can be created (spec 2.4, 7).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openStore, type AccountRecord, type SandboxState } from '../../src/sandbox/state.js';
import { missingUpload } from '../../src/sandbox/unit/home.js';
import { storedApps, unitModel } from '../../src/sandbox/unit/model.js';
import { present } from './support.js';

const temp = mkdtempSync(join(tmpdir(), 'dactl-unit-model-'));
after(() => {
  rmSync(temp, { recursive: true, force: true });
});

describe('Unit live state and local copies', () => {
  it('starts with the demo applications, one of them live only (out of step)', () => {
    const model = unitModel(openStore());
    assert.deepEqual(Object.keys(model.live.applications).sort(), [
      'alice.example_blog',
      'fred.example_app',
      'fred.example_legacy',
    ]);
    assert.deepEqual(Object.keys(storedApps(model, 'fred', 'fred.example')), ['app']);
    assert.deepEqual(Object.keys(storedApps(model, 'alice', 'alice.example')), ['blog']);
  });

  it('keeps copies as the panel does on disk, and refills Unit from them at the next start', () => {
    const dir = join(temp, 'panel');
    unitModel(openStore(dir));
    const copy = join(dir, 'users/fred/domains/fred.example.unit/app.json');
    assert.ok(existsSync(copy));
    assert.ok(!existsSync(join(dir, 'users/fred/domains/fred.example.unit/legacy.json')));
    assert.equal((JSON.parse(readFileSync(copy, 'utf8')) as { type: string }).type, 'external');

    // Unit lost fred.example_app; a copy for fredshop.example appeared; alice's live blog differs.
    const stateFile = join(dir, 'state.json');
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as SandboxState;
    const unit = present(state.unit, 'the unit state');
    Reflect.deleteProperty(unit.applications, 'fred.example_app');
    const blog = present(unit.applications['alice.example_blog'], 'the blog');
    blog.definition.processes = 1;
    writeFileSync(stateFile, JSON.stringify(state));
    mkdirSync(join(dir, 'users/fred/domains/fredshop.example.unit'), { recursive: true });
    writeFileSync(
      join(dir, 'users/fred/domains/fredshop.example.unit/store.json'),
      JSON.stringify({ type: 'ruby', script: 'config.ru' }),
    );
    writeFileSync(join(dir, 'users/fred/domains/fredshop.example.unit/broken.json'), '{');

    const live = unitModel(openStore(dir)).live.applications;
    assert.equal(live['fred.example_app']?.definition.type, 'external');
    assert.deepEqual(live['fredshop.example_store'], {
      user: 'fred',
      domain: 'fredshop.example',
      name: 'store',
      definition: { type: 'ruby', script: 'config.ru' },
    });
    assert.equal(live['fredshop.example_broken'], undefined);
    // The live daemon is authoritative: its blog is not overwritten by the copy.
    assert.equal(live['alice.example_blog']?.definition.processes, 1);
    assert.ok(live['fred.example_legacy']);
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as SandboxState;
    assert.ok(saved.unit?.applications['fredshop.example_store']);
  });
});

describe('uploaded application files', () => {
  const fred: AccountRecord = {
    username: 'fred',
    password: '',
    role: 'user',
    owner: 'reseller1',
    email: '',
    package: '',
    domains: ['fred.example'],
    databases: [],
    files: [
      'domains/fred.example/app/app.js',
      'domains/fred.example/api/pkg/__init__.py',
      'domains/fred.example/api/wsgi.py',
      'domains/fred.example/site/index.php',
      'domains/fred.example/java/app.war',
      'domains/fred.example/exploded/WEB-INF/web.xml',
      'domains/fred.example/shop/',
    ],
  };
  const d = '/home/fred/domains/fred.example';

  it('accepts definitions whose paths exist', () => {
    const ok = [
      { type: 'external', working_directory: `${d}/app`, executable: `${d}/app/app.js` },
      { type: 'external', working_directory: `${d}/app`, executable: 'app.js' },
      { type: 'external', executable: '/usr/bin/node', arguments: ['app.js'] },
      { type: 'python', path: `${d}/api`, module: 'wsgi' },
      { type: 'python', path: [`${d}/api`], module: 'pkg' },
      { type: 'python', path: `${d}/api`, targets: { a: { module: 'wsgi' } } },
      { type: 'php', root: `${d}/site`, script: 'index.php' },
      { type: 'php', root: `${d}/shop` },
      { type: 'java', webapp: `${d}/java/app.war` },
      { type: 'java', webapp: `${d}/exploded` },
    ];
    for (const app of ok) assert.equal(missingUpload(fred, app), undefined, JSON.stringify(app));
  });

  it('names the missing file or path in the panel’s words', () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { type: 'external', working_directory: `${d}/shop`, executable: `${d}/shop/app.js` },
        `The file app.js does not exist in ${d}/shop`,
      ],
      [
        { type: 'external', working_directory: `${d}/nope`, executable: 'x' },
        `The path ${d}/nope is non-existent`,
      ],
      [
        { type: 'python', path: `${d}/api`, module: 'missing' },
        `The file missing.py does not exist in ${d}/api`,
      ],
      [
        { type: 'php', root: `${d}/site`, script: 'admin.php' },
        `The file admin.php does not exist in ${d}/site`,
      ],
      [
        { type: 'java', webapp: `${d}/java/index.jsp` },
        `The file index.jsp does not exist in ${d}/java`,
      ],
      [
        { type: 'ruby', script: `${d}/../../../alice/x.ru` },
        'The file x.ru does not exist in /home/alice',
      ],
      [
        { type: 'perl', script: '/home/alice/app.psgi' },
        'The file app.psgi does not exist in /home/alice',
      ],
    ];
    for (const [app, words] of cases)
      assert.equal(missingUpload(fred, app), words, JSON.stringify(app));
  });
});
