// Checks a reply against a definition of the panel's own API description (the copy shipped with
// dactl, assets/directadmin-swagger.json): required members present, and every member the
// definition names of its type, nested definitions included.
import { readFileSync } from 'node:fs';

interface Schema {
  type?: string;
  $ref?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

const doc = JSON.parse(
  readFileSync(new URL('../../assets/directadmin-swagger.json', import.meta.url), 'utf8'),
) as { definitions: Record<string, Schema> };

/** Every member a definition names, required or not. */
export function membersOf(name: string): string[] {
  return Object.keys(doc.definitions[name]?.properties ?? {});
}

/** What in `value` does not fit definition `name`, one line each; empty when it fits. */
export function shapeProblems(value: unknown, name: string): string[] {
  return check(value, { $ref: `#/definitions/${name}` }, name);
}

function check(value: unknown, schema: Schema, at: string): string[] {
  if (schema.$ref !== undefined) {
    const def = doc.definitions[schema.$ref.replace('#/definitions/', '')];
    return def ? check(value, def, at) : [`${at}: no definition ${schema.$ref}`];
  }
  const fits: Record<string, (v: unknown) => boolean> = {
    string: (v) => typeof v === 'string',
    boolean: (v) => typeof v === 'boolean',
    integer: (v) => Number.isInteger(v),
    number: (v) => typeof v === 'number',
    array: (v) => Array.isArray(v),
    object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  };
  const type = schema.type ?? 'object';
  if (!(fits[type] ?? (() => true))(value)) return [`${at}: not ${type}: ${JSON.stringify(value)}`];
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: ${String(value)} not in enum`];
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    return value.flatMap((v, i) => check(v, items, `${at}[${String(i)}]`));
  }
  if (type !== 'object') return [];
  const record = value as Record<string, unknown>;
  const missing = (schema.required ?? []).filter((k) => !(k in record));
  return [
    ...missing.map((k) => `${at}.${k}: missing`),
    ...Object.entries(schema.properties ?? {})
      .filter(([k]) => k in record)
      .flatMap(([k, s]) => check(record[k], s, `${at}.${k}`)),
  ];
}
