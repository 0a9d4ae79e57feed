// Application definitions against Unit's rules: each problem named by its JSON path.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baseType } from '../../src/unit/app-schema.js';
import { jsonPath, normaliseNumbers, validateApplication } from '../../src/unit/validate.js';

const node = {
  type: 'external',
  working_directory: '/home/fred/domains/fred.example/app',
  executable: '/home/fred/domains/fred.example/app/app.js',
  processes: { max: 4, spare: 1, idle_timeout: 20 },
  limits: { timeout: 30, requests: 1000 },
  environment: { NODE_ENV: 'production' },
};

describe('validateApplication', () => {
  it('accepts a complete definition of each type', () => {
    const valid = [
      node,
      { type: 'python 3.11', module: 'wsgi', path: ['/a', '/b'], protocol: 'asgi', threads: 2 },
      { type: 'php', root: '/r', script: 'index.php', options: { admin: { memory_limit: '1G' } } },
      { type: 'ruby', script: 'config.ru', threads: 4, hooks: 'hooks.rb' },
      { type: 'perl', script: 'app.psgi', processes: 2 },
      { type: 'java', webapp: 'app.war', classpath: ['a.jar'], options: ['-Dx=y'] },
      { type: 'python', targets: { a: { module: 'a' }, b: { module: 'b', callable: 'app' } } },
      { type: 'php', targets: { admin: { root: '/admin' } } },
      {
        type: 'wasm',
        module: 'm.wasm',
        request_handler: 'r',
        malloc_handler: 'm',
        free_handler: 'f',
        access: { filesystem: ['/tmp'] },
      },
      { type: 'wasm-wasi-component', component: 'c.wasm' },
      { type: 'external', executable: 'app', isolation: { namespaces: { pid: true } } },
    ];
    for (const app of valid) assert.deepEqual(validateApplication(app), [], JSON.stringify(app));
  });

  it('names the path and the rule of a bad limit', () => {
    for (const timeout of ['abc', 0, -5, 1.5, null, '30']) {
      assert.deepEqual(validateApplication({ ...node, limits: { timeout } }), [
        'limits.timeout: must be a positive integer',
      ]);
    }
  });

  it('requires the members of each language', () => {
    const cases: [string, string][] = [
      ['external', 'executable: required for an external application'],
      ['python', 'module: required for a python application'],
      ['php', 'root: required for a php application'],
      ['perl', 'script: required for a perl application'],
      ['ruby', 'script: required for a ruby application'],
      ['java', 'webapp: required for a java application'],
    ];
    for (const [type, problem] of cases) {
      assert.deepEqual(validateApplication({ type }), [problem]);
    }
  });

  it('requires a known type, and says what Node.js is', () => {
    assert.match(validateApplication({ executable: 'x' })[0] ?? '', /^type: required, one of/);
    const [problem] = validateApplication({ type: 'node', executable: 'x' });
    assert.match(problem ?? '', /^type: "node" is not an application type Unit knows/);
    assert.match(problem ?? '', /Node\.js and Go applications are "external"/);
    assert.match(validateApplication({ type: 3 })[0] ?? '', /^type: must be a string/);
    assert.equal(baseType('python 3.11'), 'python');
    assert.equal(baseType('php8.2'), 'php');
    assert.equal(baseType('cobol'), undefined);
  });

  it('rejects unknown keys, guessing the intended one', () => {
    assert.deepEqual(validateApplication({ ...node, proccesses: 2 }), [
      'proccesses: unknown key for an external application (did you mean "processes"?)',
    ]);
    assert.deepEqual(validateApplication({ ...node, module: 'x' }), [
      'module: unknown key for an external application',
    ]);
    assert.deepEqual(validateApplication({ ...node, limits: { timeuot: 3 } }), [
      'limits.timeuot: unknown key for "limits" (did you mean "timeout"?)',
    ]);
  });

  it('checks the two shapes of processes', () => {
    assert.deepEqual(validateApplication({ ...node, processes: 0 }), [
      'processes: must be a positive integer or an object',
    ]);
    assert.deepEqual(validateApplication({ ...node, processes: 'many' }), [
      'processes: must be a positive integer or an object',
    ]);
    assert.deepEqual(validateApplication({ ...node, processes: { max: 0, spare: -1, idle: 3 } }), [
      'processes.max: must be a positive integer',
      'processes.spare: must be an integer of 0 or more',
      'processes.idle: unknown key for "processes"',
    ]);
  });

  it('checks arrays and maps of strings element by element', () => {
    assert.deepEqual(validateApplication({ ...node, arguments: ['a', 2] }), [
      'arguments[1]: must be a string',
    ]);
    assert.deepEqual(validateApplication({ ...node, arguments: 'a b' }), [
      'arguments: must be an array of strings',
    ]);
    assert.deepEqual(validateApplication({ ...node, environment: { PORT: 3000, 'A=B': 'x' } }), [
      'environment.PORT: must be a string',
      'environment["A=B"]: names must be non-empty, without "="',
    ]);
    assert.deepEqual(validateApplication({ type: 'python', module: 'm', protocol: 'cgi' }), [
      'protocol: must be "wsgi" or "asgi"',
    ]);
  });

  it('keeps targets and the members they replace apart', () => {
    assert.deepEqual(
      validateApplication({ type: 'python', module: 'x', targets: { a: { module: 'a' } } }),
      ['module: not allowed with "targets"; move it into each target'],
    );
    assert.deepEqual(validateApplication({ type: 'php', targets: {} }), [
      'targets: must name at least one target',
    ]);
    assert.deepEqual(validateApplication({ type: 'php', targets: { a: { script: 'x' } } }), [
      'targets.a.root: required for a target',
    ]);
  });

  it('refuses anything but an object', () => {
    for (const value of [null, [], 'x', 3]) {
      assert.deepEqual(validateApplication(value), ['the definition must be a JSON object']);
    }
  });
});

describe('normaliseNumbers', () => {
  it('turns the panel’s numeric strings into numbers where Unit expects integers only', () => {
    const listed = {
      type: 'external',
      executable: 'app.js',
      processes: { max: '4', spare: '1', idle_timeout: '20' },
      limits: { timeout: '10', requests: '1000' },
      environment: { PORT: '3000' },
      arguments: ['8080'],
    };
    assert.deepEqual(normaliseNumbers(listed), {
      type: 'external',
      executable: 'app.js',
      processes: { max: 4, spare: 1, idle_timeout: 20 },
      limits: { timeout: 10, requests: 1000 },
      environment: { PORT: '3000' },
      arguments: ['8080'],
    });
    assert.deepEqual(normaliseNumbers({ type: 'ruby', processes: '3', threads: '2' }), {
      type: 'ruby',
      processes: 3,
      threads: 2,
    });
    assert.deepEqual(normaliseNumbers({ type: 'x', limits: { timeout: 'soon' } }), {
      type: 'x',
      limits: { timeout: 'soon' },
    });
  });
});

describe('jsonPath', () => {
  it('writes plain keys with dots and others quoted', () => {
    assert.equal(jsonPath('', 'limits'), 'limits');
    assert.equal(jsonPath('limits', 'timeout'), 'limits.timeout');
    assert.equal(jsonPath('arguments', 0), 'arguments[0]');
    assert.equal(jsonPath('environment', 'A.B'), 'environment["A.B"]');
    assert.equal(jsonPath('', 'a b'), '"a b"');
  });
});
