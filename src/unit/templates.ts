// Template sets (spec 1 rule 4, 2.6): named starting points that pre-fill a definition, in the
// shape of the panel's templates/unit_apps.json and unit_routes.json:
//   { "<name>": { "description": "...", "<member>": <definition with ${placeholders}> } }
// The built-in set comes first, then the user's own set in <config dir>/templates/<file>, then a
// --template-file for one run; a later entry of the same name replaces an earlier one.
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { maxInputBytes, readFileBounded } from '../input.js';
import { readTrusted } from '../trusted-path.js';
import { builtinApps } from './builtin-apps.js';
import { builtinRoutes } from './builtin-routes.js';
import { parseJsonText } from './json-text.js';
import { jsonPath } from '../json/path.js';
import { isRecord } from '../json/record.js';

export interface Template {
  description: string;
  /** The definition, with ${placeholders}. */
  body: unknown;
  /** The usual entry script of the template, offered when --entry is not given. */
  entry?: string;
}

export interface NamedTemplate extends Template {
  name: string;
  /** "built-in", or the file it came from. */
  source: string;
}

interface KindSpec {
  file: string;
  /** The member of a template entry that holds the definition. */
  member: string;
  /** What the definition is: an object (an application) or an array (a route set). */
  body: 'object' | 'array';
  /** Whether an unknown ${name} is an error; route sets pass Unit's own variables (${uri}) on. */
  strict: boolean;
  builtin: Readonly<Record<string, Template>>;
}

export const templateKinds = {
  apps: {
    file: 'unit_apps.json',
    member: 'application',
    body: 'object',
    strict: true,
    builtin: builtinApps,
  },
  routes: {
    file: 'unit_routes.json',
    member: 'route',
    body: 'array',
    strict: false,
    builtin: builtinRoutes,
  },
} as const satisfies Record<string, KindSpec>;

export type TemplateKind = keyof typeof templateKinds;
export const templateKindNames = Object.keys(templateKinds) as TemplateKind[];

interface TemplateSources {
  configDir: string;
  /** --template-file: one more set, for this run only. */
  file?: string;
}

/** The user's own set for a kind: <config dir>/templates/unit_apps.json. */
export const userTemplateFile = (kind: TemplateKind, configDir: string): string =>
  join(configDir, 'templates', templateKinds[kind].file);

export function loadTemplates(kind: TemplateKind, sources: TemplateSources): NamedTemplate[] {
  const spec: KindSpec = templateKinds[kind];
  const merged = new Map<string, NamedTemplate>();
  for (const [name, t] of Object.entries(spec.builtin)) {
    merged.set(name, { ...t, name, source: 'built-in' });
  }
  const own = userTemplateFile(kind, sources.configDir);
  // The user's own set is configuration (the path rule); --template-file is input, bounded.
  const mine = readTrusted(own, { maxBytes: maxInputBytes, label: 'the template file' });
  if (mine !== undefined)
    for (const t of readSet(own, mine.toString('utf8'), spec)) merged.set(t.name, t);
  if (sources.file !== undefined) {
    const file = resolve(sources.file);
    for (const t of readSet(file, readTemplateFile(file), spec)) merged.set(t.name, t);
  }
  return [...merged.values()];
}

function readTemplateFile(file: string): string {
  try {
    return readFileBounded(file, `The template file ${file}`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const why = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new UsageError(`Cannot read the template file ${file} (${why}).`);
  }
}

function readSet(file: string, text: string, spec: KindSpec): NamedTemplate[] {
  const set = parseJsonText(text, `The template file ${file}`);
  const shape = `{"<name>": {"description": "...", "${spec.member}": ...}}`;
  if (!isRecord(set))
    throw new UsageError(`The template file ${file} must be a JSON object ${shape}.`);
  return Object.entries(set).map(([name, entry]) => {
    const bad = (rule: string): UsageError =>
      new UsageError(`The template file ${file}: template "${name}": ${rule}.`);
    if (!isRecord(entry)) throw bad(`must be an object ${shape}`);
    const { description = '', entry: script } = entry;
    const body = entry[spec.member];
    if (spec.body === 'object' ? !isRecord(body) : !Array.isArray(body)) {
      throw bad(`"${spec.member}" must be ${spec.body === 'object' ? 'an object' : 'an array'}`);
    }
    if (typeof description !== 'string') throw bad('"description" must be a string');
    if (script !== undefined && typeof script !== 'string') throw bad('"entry" must be a string');
    return { name, source: file, description, body, ...(script ? { entry: script } : {}) };
  });
}

const placeholder = /\$(\$?)\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The ${names} a definition uses (`$${x}` is a literal "${x}", not a placeholder). */
export function placeholdersIn(value: unknown): Set<string> {
  const found = new Set<string>();
  walkStrings(value, (text) => {
    for (const [, escaped, name] of text.matchAll(placeholder)) {
      if (!escaped && name !== undefined) found.add(name);
    }
    return text;
  });
  return found;
}

/** Fills ${name} from `vars`; in a strict set an unknown name is an error naming its path. */
export function fillPlaceholders(
  template: NamedTemplate,
  kind: TemplateKind,
  vars: Readonly<Record<string, string>>,
): unknown {
  const spec: KindSpec = templateKinds[kind];
  return walkStrings(template.body, (text, path) =>
    text.replace(placeholder, (whole, escaped: string, name: string) => {
      if (escaped) return whole.slice(1);
      const value = Object.hasOwn(vars, name) ? vars[name] : undefined;
      if (value !== undefined) return value;
      if (!spec.strict) return whole;
      const known = Object.keys(vars)
        .map((k) => `\${${k}}`)
        .join(', ');
      throw new UsageError(
        `Template "${template.name}" (${template.source}) uses an unknown placeholder \${${name}} at ${path || 'its top level'}; known: ${known}.`,
      );
    }),
  );
}

function walkStrings(
  value: unknown,
  visit: (text: string, path: string) => string,
  path = '',
): unknown {
  if (typeof value === 'string') return visit(value, path);
  if (Array.isArray(value)) return value.map((v, i) => walkStrings(v, visit, jsonPath(path, i)));
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, walkStrings(v, visit, jsonPath(path, k))]),
    );
  }
  return value;
}
