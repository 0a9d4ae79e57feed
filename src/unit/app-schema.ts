// What NGINX Unit accepts in an application object (its validator, src/nxt_conf_validation.c,
// release 1.35): the members of each application type, their JSON types, which are required, and
// the lower bounds of the numbers. Both dactl's checks and the sandbox's "Unit" read these tables.

export type Kind = 'string' | 'integer' | 'boolean' | 'object' | 'array';

export interface Field {
  kinds: readonly Kind[];
  required?: boolean;
  /** Least value of an integer. */
  min?: number;
  /** An object with exactly these members. */
  members?: Members;
  /** An array of strings, or an object whose values are all strings (environment, PHP options). */
  strings?: boolean;
  /** The only strings allowed. */
  oneOf?: readonly string[];
  /** An object of named targets, each with these members (Python and PHP `targets`). */
  targets?: Members;
}

export type Members = Readonly<Record<string, Field>>;

const str: Field = { kinds: ['string'] };
const required: Field = { kinds: ['string'], required: true };
const strings: Field = { kinds: ['array'], strings: true };
const positive: Field = { kinds: ['integer'], min: 1 };
const whole: Field = { kinds: ['integer'], min: 0 };
const bool: Field = { kinds: ['boolean'] };

/** Members every application type has. */
export const commonMembers: Members = {
  type: str,
  limits: {
    kinds: ['object'],
    members: { timeout: positive, requests: positive, shm: positive },
  },
  // An integer (a fixed number of processes) or an object (dynamic: max, spare, idle_timeout).
  processes: {
    kinds: ['integer', 'object'],
    min: 1,
    members: { max: positive, spare: whole, idle_timeout: whole },
  },
  user: str,
  group: str,
  working_directory: str,
  environment: { kinds: ['object'], strings: true },
  // Namespaces, rootfs, cgroups...: what is available depends on the host, so only the type is
  // checked here and Unit has the last word on the contents.
  isolation: { kinds: ['object'] },
  stdout: str,
  stderr: str,
};

const threads = { threads: positive, thread_stack_size: positive };

const pythonTarget: Members = { module: required, callable: str, factory: bool, prefix: str };
const phpTarget: Members = { root: required, script: str, index: str };
const wasmAccess: Field = { kinds: ['object'], members: { filesystem: strings } };

/** Members by application type (without a version: "python 3.11" is a python application). */
export const typeMembers: Readonly<Record<string, Members>> = {
  // Node.js and Go applications.
  external: { executable: required, arguments: strings },
  python: {
    ...pythonTarget,
    targets: { kinds: ['object'], targets: pythonTarget },
    home: str,
    path: { kinds: ['string', 'array'], strings: true },
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
        admin: { kinds: ['object'], strings: true },
        user: { kinds: ['object'], strings: true },
      },
    },
  },
  perl: { script: required, ...threads },
  ruby: { script: required, threads: positive, hooks: str },
  java: {
    webapp: required,
    classpath: strings,
    options: strings,
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

export const appTypes = Object.keys(typeMembers);

/** "python 3.11" → "python"; undefined for a type Unit does not know. */
export function baseType(type: string): string | undefined {
  const match = /^([a-z-]+)(?:\s*[0-9][0-9.]*)?$/.exec(type.trim());
  const base = match?.[1];
  return base !== undefined && Object.hasOwn(typeMembers, base) ? base : undefined;
}

/** Every member an application of this type may have, in the order of the tables. */
export function membersOf(type: string | undefined): Members {
  const specific = type === undefined ? {} : (typeMembers[type] ?? {});
  return { ...commonMembers, ...specific };
}
