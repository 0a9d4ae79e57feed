// What NGINX Unit accepts in an application object (its validator, src/nxt_conf_validation.c,
// release 1.35, on Linux): the members of each application type, their JSON types, which are
// required, the bounds of the numbers and the few rules beyond types. Both dactl's checks and the
// sandbox's "Unit" read these tables.

export type Kind = 'string' | 'integer' | 'boolean' | 'object' | 'array';

export interface Field {
  kinds: readonly Kind[];
  required?: boolean;
  /** Least and greatest value of an integer. */
  min?: number;
  max?: number;
  /** An object with exactly these members. */
  members?: Members;
  /** An array whose every element is this. */
  items?: Field;
  /** An object of name → string (environment, PHP options); `noNul` also bars NUL characters. */
  entries?: 'strings' | 'noNul';
  /** A string without NUL characters (Unit hands it to exec or the JVM). */
  noNul?: boolean;
  /** The only strings allowed. */
  oneOf?: readonly string[];
  /** An object of named targets, each with these members (Python and PHP `targets`). */
  targets?: Members;
  /** A rule beyond the type, as a sentence; undefined when the value keeps it. */
  rule?: (value: never) => string | undefined;
}

export type Members = Readonly<Record<string, Field>>;

const INT32_MAX = 2147483647;
// Unit's stack minimum is the system's PTHREAD_STACK_MIN, its step the page size (Linux x86-64).
const STACK_MIN = 16384;
const PAGE = 4096;

const str: Field = { kinds: ['string'] };
const required: Field = { kinds: ['string'], required: true };
const bool: Field = { kinds: ['boolean'] };
const int: Field = { kinds: ['integer'] };
const count: Field = { kinds: ['integer'], min: 1, max: INT32_MAX };
const cleanStrings: Field = { kinds: ['array'], items: { kinds: ['string'], noNul: true } };

const stackSize: Field = {
  kinds: ['integer'],
  rule: (n: number) =>
    n < STACK_MIN
      ? `must be at least ${String(STACK_MIN)} bytes`
      : n % PAGE !== 0
        ? `must be a multiple of the page size (${String(PAGE)} bytes), e.g. ${String(Math.ceil(n / PAGE) * PAGE)}`
        : undefined,
};

// Unit refuses a cgroup path of 4096 - strlen(NXT_CGROUP_ROOT) - 1 bytes or more
// (nxt_conf_vldt_cgroup_path), NXT_CGROUP_ROOT being the cgroup2 mount point of the machine Unit
// was built on (auto/cgroup reads /proc/mounts), which the running host's mounts need not show.
// The longest such mount point, the hybrid layout's (EL8), gives a limit every Unit keeps.
const CGROUP_ROOT = '/sys/fs/cgroup/unified';
const CGROUP_MAX = 4096 - CGROUP_ROOT.length - 2;

const cgroupPath: Field = {
  kinds: ['string'],
  required: true,
  rule: (p: string) => {
    if (p === '' || `/${p}/`.includes('/../')) {
      return 'must be a cgroup path without ".." parts, e.g. "fred/app"';
    }
    const bytes = Buffer.byteLength(p);
    return bytes > CGROUP_MAX
      ? `is too long for a cgroup path (${String(bytes)} bytes): Unit allows 4096 bytes less the ` +
          `cgroup mount point it was built for, at most ${String(CGROUP_MAX)} where that is ` +
          `${CGROUP_ROOT} (the hybrid layout of EL8 servers)`
      : undefined;
  },
};

const procmap: Field = {
  kinds: ['array'],
  items: { kinds: ['object'], members: { container: reqInt(), host: reqInt(), size: reqInt() } },
};

function reqInt(): Field {
  return { kinds: ['integer'], required: true };
}

const isolation: Members = {
  namespaces: {
    kinds: ['object'],
    members: {
      credential: bool,
      pid: bool,
      network: bool,
      mount: bool,
      uname: bool,
      cgroup: bool,
    },
  },
  uidmap: procmap,
  gidmap: procmap,
  rootfs: str,
  automount: { kinds: ['object'], members: { language_deps: bool, tmpfs: bool, procfs: bool } },
  new_privs: bool,
  cgroup: { kinds: ['object'], members: { path: cgroupPath } },
};

/** Members every application type has. */
export const commonMembers: Members = {
  type: str,
  // Unit takes any integer here, 0 and negative included.
  limits: { kinds: ['object'], members: { timeout: int, requests: int, shm: int } },
  // An integer (a fixed number of processes) or an object (dynamic: max, spare, idle_timeout).
  processes: {
    kinds: ['integer', 'object'],
    min: 1,
    max: INT32_MAX,
    members: {
      max: count,
      spare: { kinds: ['integer'], min: 0, max: INT32_MAX },
      idle_timeout: { kinds: ['integer'], min: 0, max: Math.floor(INT32_MAX / 1000) },
    },
    rule: (p: unknown) => {
      if (typeof p !== 'object' || p === null) return undefined;
      const { max = 1, spare = 0 } = p as { max?: unknown; spare?: unknown };
      return typeof max === 'number' && typeof spare === 'number' && spare > max
        ? `"spare" (${String(spare)}) must not be more than "max" (${String(max)}, 1 when not given)`
        : undefined;
    },
  },
  user: str,
  group: str,
  working_directory: str,
  environment: { kinds: ['object'], entries: 'noNul' },
  isolation: { kinds: ['object'], members: isolation },
  stdout: str,
  stderr: str,
};

const threads = { threads: count, thread_stack_size: stackSize };

const prefix: Field = {
  kinds: ['string'],
  rule: (p: string) => (p.startsWith('/') ? undefined : 'must start with "/", e.g. "/api"'),
};
const pythonTarget: Members = { module: required, callable: str, factory: bool, prefix };
const phpTarget: Members = { root: required, script: str, index: str };
const wasmAccess: Field = {
  kinds: ['object'],
  members: { filesystem: { kinds: ['array'], items: str } },
};

/** Members by application type (without a version: "python 3.11" is a python application). */
export const typeMembers: Readonly<Record<string, Members>> = {
  // Node.js and Go applications.
  external: { executable: required, arguments: cleanStrings },
  python: {
    ...pythonTarget,
    targets: { kinds: ['object'], targets: pythonTarget },
    home: str,
    path: { kinds: ['string', 'array'], items: str },
    protocol: { kinds: ['string'], oneOf: ['wsgi', 'asgi'] },
    ...threads,
  },
  php: {
    ...phpTarget,
    targets: { kinds: ['object'], targets: phpTarget },
    options: {
      kinds: ['object'],
      members: {
        file: str,
        admin: { kinds: ['object'], entries: 'strings' },
        user: { kinds: ['object'], entries: 'strings' },
      },
    },
  },
  perl: { script: required, ...threads },
  ruby: { script: required, threads: count, hooks: str },
  java: {
    webapp: required,
    classpath: cleanStrings,
    options: cleanStrings,
    unit_jars: str,
    ...threads,
  },
  wasm: {
    module: required,
    request_handler: required,
    malloc_handler: required,
    free_handler: required,
    module_init_handler: str,
    module_end_handler: str,
    request_init_handler: str,
    request_end_handler: str,
    response_end_handler: str,
    access: wasmAccess,
  },
  'wasm-wasi-component': { component: required, access: wasmAccess },
};

/** With `targets`, these members move into each target and may not stay at the top. */
export const targetMembers: Readonly<Record<string, readonly string[]>> = {
  python: Object.keys(pythonTarget),
  php: Object.keys(phpTarget),
};

/** Unit's limit on the number of targets of one application. */
export const MAX_TARGETS = 254;

export const appTypes = Object.keys(typeMembers);

/** Every member an application of this type may have, in the order of the tables. */
export function membersOf(type: string | undefined): Members {
  const specific = type === undefined ? {} : (typeMembers[type] ?? {});
  return { ...commonMembers, ...specific };
}
