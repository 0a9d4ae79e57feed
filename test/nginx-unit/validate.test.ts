// Application definitions against Unit's rules: each problem named by its JSON path.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baseType } from '../../src/unit/app-type.js';
import { jsonPath } from '../../src/json/path.js';
import { normaliseNumbers, validateApplication } from '../../src/unit/validate.js';

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

  it('takes any integer limit, as Unit does, and names the path of a bad one', () => {
    assert.deepEqual(validateApplication({ ...node, limits: { timeout: 1e20 } }), [
      'limits.timeout: 100000000000000000000 is too long a number for Unit (at most 14 characters)',
    ]);
    for (const timeout of [0, -5, 30, 99999999999999]) {
      assert.deepEqual(validateApplication({ ...node, limits: { timeout, shm: 0 } }), []);
    }
    for (const [timeout, what] of [
      ['abc', 'a string'],
      [1.5, 'a fractional number'],
      [null, 'null'],
    ] as const) {
      assert.deepEqual(validateApplication({ ...node, limits: { timeout } }), [
        `limits.timeout: must be an integer, not ${what}`,
      ]);
    }
  });

  it('requires the members of each language', () => {
    const cases: [string, string][] = [
      ['external', 'executable: is required for an external application'],
      ['go', 'executable: is required for an external application'],
      ['python', 'module: is required for a python application'],
      ['php', 'root: is required for a php application'],
      ['perl', 'script: is required for a perl application'],
      ['ruby', 'script: is required for a ruby application'],
      ['java', 'webapp: is required for a java application'],
    ];
    for (const [type, problem] of cases) {
      assert.deepEqual(validateApplication({ type }), [problem]);
    }
  });

  it('requires a known type, read as Unit reads it, and says what Node.js is', () => {
    assert.match(validateApplication({ executable: 'x' })[0] ?? '', /^type: is required: one of/);
    const [problem] = validateApplication({ type: 'node', executable: 'x' });
    assert.match(problem ?? '', /^type: "node" is not a type Unit knows/);
    assert.match(problem ?? '', /Node\.js and Go applications are "external"/);
    assert.match(validateApplication({ type: 3 })[0] ?? '', /^type: must be a string/);
    assert.equal(baseType('python 3.11'), 'python');
    assert.equal(baseType('python3'), 'python');
    assert.equal(baseType('python '), 'python');
    assert.equal(baseType('php8.2'), 'php');
    assert.equal(baseType('go'), 'external');
    for (const bad of ['cobol', ' python', 'python-3.11', 'Python', '']) {
      assert.equal(baseType(bad), undefined, bad);
      assert.match(validateApplication({ type: bad })[0] ?? '', /is not a type Unit knows/, bad);
    }
  });

  // Unit matches the version as a prefix of an installed module's version, ending where digits
  // meet non-digits (nxt_strvers_match); the external module (Go, Node.js) has no version.
  it('takes a version only where a module can have it', () => {
    const good = [
      'python 3',
      'python 3.11',
      'python 3.11.7',
      'python3.11',
      'python 3.',
      'python 3.13.0rc1',
      'php 8.1.2-1ubuntu2.14',
      'php8',
      'perl 5.36.0',
      'ruby 3.1',
      'java 1.8.0_392',
      'java 21',
      'wasm 0.1',
      'wasm 0',
      'wasm-wasi-component 0.1',
      'go',
      'go ',
      'external',
    ];
    for (const type of good) {
      assert.notEqual(baseType(type), undefined, type);
      assert.doesNotMatch(validateApplication({ type })[0] ?? '', /^type:/, type);
    }
    const external = (type: string, name: string): [string, string] => [
      type,
      `type: no module matches "${type}": Unit's external module (Node.js and Go) has no version; use "${name}" without one`,
    ];
    const python = (type: string): [string, string] => [
      type,
      `type: no module matches "${type}": a python version is numbers such as "3.11" or "3.11.7"; use "python" for any`,
    ];
    const cases: [string, string][] = [
      external('go 1.22', 'go'),
      external('go1', 'go'),
      external('external 1', 'external'),
      python('python 03.11'),
      python('python 3..11'),
      python('python  3.11'),
      python('python x'),
      python('python 3.11.7.1'),
      python('python 3.11 '),
      [
        'wasm 1',
        'type: no module matches "wasm 1": Unit\'s wasm module is version 0.1; use "wasm" without a version',
      ],
    ];
    for (const [type, problem] of cases) {
      assert.equal(baseType(type), undefined, type);
      assert.deepEqual(validateApplication({ type, executable: 'x' }), [problem]);
    }
  });

  it('rejects unknown keys, guessing the intended one', () => {
    assert.deepEqual(validateApplication({ ...node, proccesses: 2 }), [
      'proccesses: is not a member of an external application (did you mean "processes"?)',
    ]);
    assert.deepEqual(validateApplication({ ...node, module: 'x' }), [
      'module: is not a member of an external application',
    ]);
    assert.deepEqual(validateApplication({ ...node, limits: { timeuot: 3 } }), [
      'limits.timeuot: is not a member of "limits" (did you mean "timeout"?)',
    ]);
  });

  it('checks the two shapes of processes and their bounds', () => {
    const range = 'an integer from 1 to 2147483647 or an object';
    assert.deepEqual(validateApplication({ ...node, processes: 0 }), [
      `processes: must be ${range}, not 0`,
    ]);
    assert.deepEqual(validateApplication({ ...node, processes: 2147483648 }), [
      `processes: must be ${range}, not 2147483648`,
    ]);
    assert.deepEqual(validateApplication({ ...node, processes: 'many' }), [
      `processes: must be ${range}, not a string`,
    ]);
    assert.deepEqual(validateApplication({ ...node, processes: { max: 0, spare: -1, idle: 3 } }), [
      'processes.max: must be an integer from 1 to 2147483647, not 0',
      'processes.spare: must be an integer from 0 to 2147483647, not -1',
      'processes.idle: is not a member of "processes"',
    ]);
    assert.deepEqual(validateApplication({ ...node, processes: { spare: 2 } }), [
      'processes: "spare" (2) must not be more than "max" (1, 1 when not given)',
    ]);
    assert.deepEqual(validateApplication({ ...node, processes: { idle_timeout: 2147484 } }), [
      'processes.idle_timeout: must be an integer from 0 to 2147483, not 2147484',
    ]);
    assert.deepEqual(validateApplication({ ...node, processes: {} }), []);
  });

  it('checks threads and the thread stack size', () => {
    const py = { type: 'python', module: 'wsgi' };
    assert.deepEqual(validateApplication({ ...py, threads: 2147483648 }), [
      'threads: must be an integer from 1 to 2147483647, not 2147483648',
    ]);
    assert.deepEqual(validateApplication({ ...py, thread_stack_size: 65536 }), []);
    assert.deepEqual(validateApplication({ ...py, thread_stack_size: 8192 }), [
      'thread_stack_size: must be at least 16384 bytes',
    ]);
    assert.deepEqual(validateApplication({ ...py, thread_stack_size: 65537 }), [
      'thread_stack_size: must be a multiple of the page size (4096 bytes), e.g. 69632',
    ]);
  });

  it('checks arrays and maps of strings element by element, NUL characters included', () => {
    assert.deepEqual(validateApplication({ ...node, arguments: ['a', 2, 'b\u0000'] }), [
      'arguments[1]: must be a string, not an integer',
      'arguments[2]: must not contain a NUL character',
    ]);
    assert.deepEqual(validateApplication({ ...node, arguments: 'a b' }), [
      'arguments: must be an array of strings, not a string',
    ]);
    assert.deepEqual(
      validateApplication({
        ...node,
        environment: { PORT: 3000, 'A=B': 'x', 'A\u0000': 'x', B: 'x\u0000y', '': 'x' },
      }),
      [
        'environment.PORT: must be a string, not an integer',
        'environment["A=B"]: the name must not contain "="',
        'environment["A\\u0000"]: the name must not contain a NUL character',
        'environment.B: must not contain a NUL character',
        'environment: names must not be empty',
      ],
    );
    const java = { type: 'java', webapp: 'a.war' };
    assert.deepEqual(
      validateApplication({ ...java, classpath: ['\u0000'], options: ['-X\u0000'] }),
      [
        'classpath[0]: must not contain a NUL character',
        'options[0]: must not contain a NUL character',
      ],
    );
    assert.deepEqual(validateApplication({ type: 'python', module: 'm', protocol: 'cgi' }), [
      'protocol: must be "wsgi" or "asgi"',
    ]);
    assert.deepEqual(validateApplication({ type: 'python', module: 'm', prefix: 'api' }), [
      'prefix: must start with "/", e.g. "/api"',
    ]);
  });

  it('checks the whole isolation object', () => {
    const ok = {
      namespaces: { credential: true, pid: true, network: false, mount: true, uname: true },
      uidmap: [{ container: 0, host: 1000, size: 1 }],
      gidmap: [],
      rootfs: '/home/fred/root',
      automount: { language_deps: false, tmpfs: true, procfs: true },
      new_privs: false,
      cgroup: { path: 'fred/app' },
    };
    assert.deepEqual(validateApplication({ ...node, isolation: ok }), []);
    const bad = {
      namespaces: { pid: 'yes', bogus: true },
      uidmap: [{ container: '0', host: 1 }, 'x'],
      rootfs: 5,
      automount: { bogus: 1 },
      new_privs: 'no',
      cgroup: { path: '../x' },
      bogus: 1,
    };
    assert.deepEqual(validateApplication({ ...node, isolation: bad }), [
      'isolation.namespaces.pid: must be true or false, not a string',
      'isolation.namespaces.bogus: is not a member of "isolation.namespaces"',
      'isolation.uidmap[0].size: is required for "isolation.uidmap"',
      'isolation.uidmap[0].container: must be an integer, not a string',
      'isolation.uidmap[1]: must be an object, not a string',
      'isolation.rootfs: must be a string, not an integer',
      'isolation.automount.bogus: is not a member of "isolation.automount"',
      'isolation.new_privs: must be true or false, not a string',
      'isolation.cgroup.path: must be a cgroup path without ".." parts, e.g. "fred/app"',
      'isolation.bogus: is not a member of "isolation"',
    ]);
    assert.deepEqual(validateApplication({ ...node, isolation: { cgroup: {} } }), [
      'isolation.cgroup.path: is required for "isolation.cgroup"',
    ]);
  });

  // Unit's limit is 4,096 bytes less the cgroup mount point it was built for: 4,080 under
  // /sys/fs/cgroup, 4,072 under /sys/fs/cgroup/unified (EL8's hybrid layout). dactl keeps the
  // lower, so a path it takes no Unit refuses; the limit counts bytes, as Unit does.
  it('keeps a cgroup path to the length every Unit takes, in bytes', () => {
    const cgroup = (path: string): string[] =>
      validateApplication({ ...node, isolation: { cgroup: { path } } });
    assert.deepEqual(cgroup('a'.repeat(4072)), []);
    assert.deepEqual(cgroup(`fred/${'é'.repeat(2033)}`), []);
    for (const path of ['a'.repeat(4073), 'a'.repeat(4080), `fred/${'é'.repeat(2034)}`]) {
      const bytes = Buffer.byteLength(path);
      assert.deepEqual(cgroup(path), [
        `isolation.cgroup.path: is too long for a cgroup path (${String(bytes)} bytes): Unit allows 4096 bytes less the cgroup mount point it was built for, at most 4072 where that is /sys/fs/cgroup/unified (the hybrid layout of EL8 servers)`,
      ]);
    }
  });

  it('keeps targets and the members they replace apart, at most 254 of them', () => {
    assert.deepEqual(
      validateApplication({ type: 'python', module: 'x', targets: { a: { module: 'a' } } }),
      ['module: is not allowed next to "targets"; move it into each target'],
    );
    assert.deepEqual(validateApplication({ type: 'php', targets: {} }), [
      'targets: must name at least one target',
    ]);
    assert.deepEqual(validateApplication({ type: 'php', targets: { a: { script: 'x' } } }), [
      'targets.a.root: is required for a target',
    ]);
    assert.deepEqual(validateApplication({ type: 'php', targets: { '': { root: '/r' } } }), [
      'targets: target names must not be empty',
    ]);
    const many = Object.fromEntries(
      Array.from({ length: 255 }, (_, i) => [`t${String(i)}`, { module: 'm' }]),
    );
    assert.deepEqual(validateApplication({ type: 'python', targets: many }), [
      'targets: must not have more than 254 targets (it has 255)',
    ]);
  });

  it('with the account given, user and group must be that account', () => {
    assert.deepEqual(validateApplication({ ...node, user: 'fred', group: 'fred' }, 'fred'), []);
    assert.deepEqual(validateApplication({ ...node, user: 'root', group: '' }, 'fred'), [
      'user: must be "fred" (or left out): the panel runs an application as the account that owns it, not as "root"',
      'group: must be "fred" (or left out): the panel runs an application as the account that owns it, not as an empty name',
    ]);
    // Without an account (Unit's own view) any name passes.
    assert.deepEqual(validateApplication({ ...node, user: 'nobody' }), []);
  });

  it('quotes a refused user or group with its control characters escaped', () => {
    assert.deepEqual(validateApplication({ ...node, user: 'a\u001b[31m' }, 'fred'), [
      'user: must be "fred" (or left out): the panel runs an application as the account that owns it, not as "a\\u001b[31m"',
    ]);
  });

  it('refuses anything but an object', () => {
    for (const [value, what] of [
      [null, 'null'],
      [[], 'an array'],
      ['x', 'a string'],
      [3, 'an integer'],
    ] as const) {
      assert.deepEqual(validateApplication(value), [
        `the definition must be a JSON object, not ${what}`,
      ]);
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
