// Template sets: built-in, the user's own file, --template-file; placeholders and their mistakes.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { UsageError } from '../../src/errors.js';
import { appVars } from '../../src/unit/builtin-apps.js';
import {
  fillPlaceholders,
  loadTemplates,
  placeholdersIn,
  userTemplateFile,
  type NamedTemplate,
} from '../../src/unit/templates.js';
import { validateApplication } from '../../src/unit/validate.js';

const temp = mkdtempSync(join(tmpdir(), 'dactl-templates-'));
after(() => {
  rmSync(temp, { recursive: true, force: true });
});

const configDir = (name: string, files: Record<string, string> = {}): string => {
  const dir = join(temp, name);
  mkdirSync(join(dir, 'templates'), { recursive: true });
  for (const [file, text] of Object.entries(files))
    writeFileSync(join(dir, 'templates', file), text);
  return dir;
};

const vars = appVars({
  name: 'api',
  user: 'fred',
  domain: 'fred.example',
  dir: 'api/',
  entry: 'pkg/wsgi.py',
});

const usage = (run: () => unknown, message: RegExp): void => {
  assert.throws(run, (e: unknown) => e instanceof UsageError && message.test(e.message));
};

describe('application templates', () => {
  it('has a built-in template per language, each valid once filled', () => {
    const templates = loadTemplates('apps', { configDir: configDir('empty') });
    assert.deepEqual(
      templates.map((t) => t.name),
      ['nodejs', 'python', 'ruby', 'java', 'php', 'perl'],
    );
    for (const t of templates) {
      assert.equal(t.source, 'built-in');
      const app = fillPlaceholders(t, 'apps', vars);
      assert.deepEqual(validateApplication(app), [], t.name);
      assert.ok(JSON.stringify(app).includes('/home/fred/domains/fred.example/api'), t.name);
      assert.ok(!JSON.stringify(app).includes('${'), t.name);
    }
    const python = templates.find((t) => t.name === 'python') as NamedTemplate;
    assert.equal((fillPlaceholders(python, 'apps', vars) as { module: string }).module, 'pkg.wsgi');
  });

  it('lets the user’s own set add and replace entries, and --template-file more', () => {
    const dir = configDir('own', {
      'unit_apps.json': JSON.stringify({
        nodejs: { description: 'ours', application: { type: 'external', executable: '${entry}' } },
        go: {
          description: 'Go binary',
          entry: 'server',
          application: { type: 'external', executable: '${entry}' },
        },
      }),
    });
    const extra = join(temp, 'extra.json');
    writeFileSync(
      extra,
      JSON.stringify({
        go: {
          description: 'Go, team version',
          application: { type: 'external', executable: 'bin/${entry}' },
        },
      }),
    );
    const templates = loadTemplates('apps', { configDir: dir, file: extra });
    const byName = new Map(templates.map((t) => [t.name, t]));
    assert.equal(byName.get('nodejs')?.description, 'ours');
    assert.equal(byName.get('nodejs')?.source, userTemplateFile('apps', dir));
    assert.equal(byName.get('go')?.description, 'Go, team version');
    assert.equal(byName.get('go')?.source, extra);
    assert.equal(byName.get('python')?.source, 'built-in');
  });

  it('names the file and the position of a malformed set', () => {
    const dir = configDir('broken', {
      'unit_apps.json': '{\n  "x": {\n    "application": {},\n  }\n}',
    });
    usage(
      () => loadTemplates('apps', { configDir: dir }),
      /unit_apps\.json is not valid JSON \(line 4, column 3\)/,
    );
    const wrong = configDir('wrong', { 'unit_apps.json': '{"x": {"application": []}}' });
    usage(
      () => loadTemplates('apps', { configDir: wrong }),
      /template "x": "application" must be an object/,
    );
    const notSet = configDir('array', { 'unit_apps.json': '[]' });
    usage(() => loadTemplates('apps', { configDir: notSet }), /must be a JSON object \{"<name>"/);
    usage(
      () => loadTemplates('apps', { configDir: configDir('e'), file: join(temp, 'missing.json') }),
      /Cannot read the template file .*missing\.json \(ENOENT\)/,
    );
  });

  it('fills placeholders, keeps $${x} literal, and refuses unknown ones in application sets', () => {
    const t: NamedTemplate = {
      name: 't',
      source: 'test',
      description: '',
      body: { a: '${home}/${dir}', b: ['$${uri}', '${user}@${domain}'], c: 3 },
    };
    assert.deepEqual([...placeholdersIn(t.body)].sort(), ['dir', 'domain', 'home', 'user']);
    assert.deepEqual(fillPlaceholders(t, 'apps', vars), {
      a: '/home/fred/api',
      b: ['${uri}', 'fred@fred.example'],
      c: 3,
    });
    const typo = { ...t, body: { x: { y: ['${domian}'] } } };
    usage(
      () => fillPlaceholders(typo, 'apps', vars),
      /unknown placeholder \$\{domian\} at x\.y\[0\]/,
    );
  });
});

describe('route templates', () => {
  it('load from the user’s set, and pass Unit’s own variables through', () => {
    const dir = configDir('routes', {
      'unit_routes.json': JSON.stringify({
        static: { description: 'files', route: [{ action: { share: '/home/${user}/www${uri}' } }] },
      }),
    });
    // The user's "static" replaces the built-in one of that name.
    const t = loadTemplates('routes', { configDir: dir }).find((x) => x.name === 'static');
    assert.ok(t);
    assert.equal(t.description, 'files');
    assert.deepEqual(fillPlaceholders(t, 'routes', vars), [
      { action: { share: '/home/fred/www${uri}' } },
    ]);
    const bad = configDir('badroutes', { 'unit_routes.json': '{"x": {"route": {}}}' });
    usage(() => loadTemplates('routes', { configDir: bad }), /"route" must be an array/);
  });
});
