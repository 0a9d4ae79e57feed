// An application's `type` as Unit matches it to a module (NGINX Unit 1.35, src/nxt_application.c,
// nxt_app_lang_module()): the name runs to the first space or digit and must be one Unit knows
// (nxt_app_parse_type(); "go" is "external"). The rest (after the space, or from the digit) is a
// version prefix: no prefix matches every module of the type; otherwise a module's version must
// start with it and go on, if at all, across a digit/non-digit boundary (nxt_strvers_match() in
// src/nxt_string.c): "python 3.11" matches 3.11.7, not 3.1 or 3.110. So a version is possible only
// where modules have one.
import { appTypes, typeMembers } from './app-schema.js';

export const typeRule =
  `one of ${appTypes.join(', ')}, optionally followed by a version such as "python 3.11" ` +
  '(Node.js and Go applications are "external")';

/** The name and version prefix Unit reads from a type ("python3" is python, "3"). */
function readType(type: string): { name: string; version: string } {
  const at = type.search(/[ 0-9]/);
  if (at < 0) return { name: type, version: '' };
  return { name: type.slice(0, at), version: type.slice(at + (type[at] === ' ' ? 1 : 0)) };
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** Whether `prefix` selects a module of version `version`, as nxt_strvers_match() decides. */
function selects(version: string, prefix: string): boolean {
  if (!version.startsWith(prefix)) return false;
  const next = version[prefix.length];
  return next === undefined || prefix === '' || isDigit(prefix.at(-1)) !== isDigit(next);
}

const N = '(?:0|[1-9][0-9]*)';
/**
 * A prefix of a language's own version (Python's PY_VERSION, PHP_VERSION, Perl's, Ruby's, javac's):
 * up to three numbers, then perhaps a release tag (3.13.0rc1, 8.1.2-1ubuntu2, 1.8.0_392); a dot
 * may end it where more numbers follow ("3." matches every Python 3).
 */
const LANGUAGE = new RegExp(
  `^${N}(?:\\.(?:${N}(?:\\.(?:${N}(?:[a-z+~_-][0-9a-z.+~_-]*)?)?)?)?)?$`,
  'i',
);

/** The one version each of the other modules has in Unit 1.35. */
const FIXED: Readonly<Record<string, string>> = {
  // nxt_runtime.c registers the external module with an empty version.
  external: '',
  // NXT_WASM_VERSION (src/wasm/nxt_wasm.c), and the version in src/wasm-wasi-component/src/lib.rs.
  wasm: '0.1',
  'wasm-wasi-component': '0.1',
};

/** Why no module can match the version, or undefined. */
function versionProblem(base: string, name: string, version: string): string | undefined {
  if (version === '') return undefined;
  const fixed = FIXED[base];
  if (fixed === undefined) {
    return LANGUAGE.test(version)
      ? undefined
      : `a ${name} version is numbers such as "3.11" or "3.11.7"; use "${name}" for any`;
  }
  if (selects(fixed, version)) return undefined;
  return fixed === ''
    ? `Unit's external module (Node.js and Go) has no version; use "${name}" without one`
    : `Unit's ${base} module is version ${fixed}; use "${name}" without a version`;
}

/**
 * "python 3.11", "python3", "python " → "python"; "go" → "external"; undefined for a type no
 * module of Unit can match (typeProblem says why).
 */
export function baseType(type: string): string | undefined {
  const { name, version } = readType(type);
  const base = name === 'go' ? 'external' : name;
  if (!Object.hasOwn(typeMembers, base)) return undefined;
  return versionProblem(base, name, version) === undefined ? base : undefined;
}

/** Why Unit would find no module for the type, or undefined when one can match. */
export function typeProblem(type: string): string | undefined {
  const { name, version } = readType(type);
  const base = name === 'go' ? 'external' : name;
  if (!Object.hasOwn(typeMembers, base)) {
    return `${JSON.stringify(type)} is not a type Unit knows; use ${typeRule}`;
  }
  const bad = versionProblem(base, name, version);
  return bad === undefined ? undefined : `no module matches ${JSON.stringify(type)}: ${bad}`;
}
