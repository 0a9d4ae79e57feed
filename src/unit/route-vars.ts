// Unit's template strings (`"share": "/home/fred/www$uri"`): where a value may carry $variables,
// Unit checks their syntax and that it knows each variable (its validator's tstr check). A JS
// template in backquotes needs Unit built with njs, which the panel does not promise.

/** The variables Unit always has. */
const fixed = new Set([
  'dollar',
  'request_time',
  'method',
  'request_uri',
  'uri',
  'host',
  'remote_addr',
  'time_local',
  'request_line',
  'request_id',
  'status',
  'body_bytes_sent',
  'header_referer',
  'header_user_agent',
  'response_header_connection',
  'response_header_content_length',
  'response_header_transfer_encoding',
]);

/** Families of variables named after a request header, argument, cookie or response header. */
const families = ['header_', 'arg_', 'cookie_', 'response_header_'];

export const isUnitVariable = (name: string): boolean =>
  fixed.has(name) || families.some((p) => name.startsWith(p) && name.length > p.length);

/** Whether Unit treats the string as a template (its nxt_is_tstr). */
export const isTemplate = (value: string): boolean => value.includes('$') || value.includes('`');

/** What is wrong with a template string, in Unit's terms; undefined when Unit accepts it. */
export function templateProblem(value: string): string | undefined {
  if (value.startsWith('`')) {
    return 'JavaScript templates (`...`) need Unit built with njs, which the panel does not promise; use $variables';
  }
  let at = value.indexOf('$');
  while (at >= 0) {
    const part = variableAt(value, at);
    if (part === undefined) return `invalid variable at position ${String(at)}`;
    if (!isUnitVariable(part.name)) return `unknown variable "$${part.name}"`;
    at = value.indexOf('$', part.end);
  }
  return undefined;
}

/** The variable that starts with the `$` at `at`: `$name` or `${name}`, letters and "_" only. */
function variableAt(value: string, at: number): { name: string; end: number } | undefined {
  let i = at + 1;
  const bracket = value[i] === '{';
  if (bracket) i++;
  const start = i;
  while (i < value.length && /[A-Za-z_]/.test(value[i] ?? '')) i++;
  const name = value.slice(start, i);
  if (bracket) {
    if (value[i] !== '}') return undefined;
    i++;
  }
  return name === '' ? undefined : { name, end: i };
}

/** The names of the variables a (valid) template uses, in order. */
export function variablesIn(value: string): string[] {
  const names: string[] = [];
  let at = value.indexOf('$');
  while (at >= 0) {
    const part = variableAt(value, at);
    if (part === undefined) break;
    names.push(part.name);
    at = value.indexOf('$', part.end);
  }
  return names;
}

/**
 * Variables whose text the client chooses freely, "/../" included: in a path they can lead
 * anywhere. Unit normalises $uri (no ".." left) and $host (no "/" or ".."); $method is letters.
 */
export const requestControlled = (name: string): boolean =>
  name === 'request_uri' ||
  name === 'request_line' ||
  ['header_', 'arg_', 'cookie_', 'response_header_'].some((p) => name.startsWith(p));

/** The text before the first variable: the part of a path that is fixed whatever the request. */
export const fixedPrefix = (value: string): string => {
  const at = value.indexOf('$');
  return at < 0 ? value : value.slice(0, at);
};
