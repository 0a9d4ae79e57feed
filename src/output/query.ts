// --query: a JMESPath expression (as the AWS and Azure CLIs take it) applied to the data a
// command prints, so scripts need no jq. It is compiled before the command acts, so a mistake is
// exit 2 with nothing sent; the library is its own chunk, loaded only when --query is given.
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { ioOf } from '../io.js';

/** A compiled --query: the data as -o json would print it in, the expression's result out. */
export type QueryFilter = (data: unknown) => unknown;

const hint =
  "--query takes JMESPath (https://jmespath.site), e.g. --query '[].username' or " +
  "--query '[?suspended].{user: username, creator: creator}'.";

/** Compiles --query, if given, into the run's Io for the Writer (src/context.ts). */
export async function prepareQuery(action: Command): Promise<void> {
  const options = action.optsWithGlobals<{ query?: string; output?: string; json?: boolean }>();
  if (options.query === undefined) return;
  if (options.output === 'table' && options.json !== true) {
    throw new UsageError(
      '--query prints data, and -o table has no columns for its result.',
      'Leave out -o (JSON), or use -o yaml, or -o tsv for one line per item.',
    );
  }
  ioOf(action).query = await compileQuery(options.query);
}

export async function compileQuery(expression: string): Promise<QueryFilter> {
  // Loaded with --query only: every command reads this file at start.
  const [jmespath, { deeperThan, MAX_DEPTH }, { checkFunctions }] = await Promise.all([
    import('@jmespath-community/jmespath'),
    import('../json/parse.js'),
    import('./query-functions.js'),
  ]);
  const { TreeInterpreter } = jmespath;
  let ast: ReturnType<typeof jmespath.compile>;
  try {
    ast = jmespath.compile(expression);
    checkFunctions(ast);
  } catch (error) {
    throw new UsageError(`--query: ${messageOf(error)}`, hint);
  }
  return (data) => {
    // The expression sees what -o json prints: no undefined members, numbers as numbers. The
    // data is dactl's own, already no deeper than what it reads (json/parse.ts).
    const document: unknown = data === undefined ? null : JSON.parse(JSON.stringify(data));
    let result: unknown;
    try {
      result = TreeInterpreter.search(ast, document as Parameters<typeof jmespath.search>[0]);
    } catch (error) {
      throw new UsageError(
        `--query: ${messageOf(error)}`,
        'The expression does not fit the data: run the command with -o json to see its shape.',
      );
    }
    // An expression builds data too ({a: {a: @}}, a `[[...]]` literal): no deeper than is read.
    if (deeperThan(result, MAX_DEPTH)) {
      throw new UsageError(
        `--query: the result is nested more than ${String(MAX_DEPTH)} levels deep, the most dactl prints.`,
      );
    }
    return result;
  };
}

// The library's parser and interpreter recurse: an expression nested thousands deep overflows.
const messageOf = (error: unknown): string =>
  error instanceof RangeError && /call stack/i.test(error.message)
    ? 'the expression is nested too deeply'
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * A result as lines of cells, as Azure's -o tsv prints it: an array gives one line per item, an
 * item's cells being an array's items or an object's values; an object gives one line of its
 * values, a scalar a line of its own, null nothing.
 */
export function resultLines(result: unknown): unknown[][] {
  if (result === null || result === undefined) return [];
  const cells = (item: unknown): unknown[] =>
    Array.isArray(item)
      ? item
      : typeof item === 'object' && item !== null
        ? Object.values(item)
        : [item];
  return Array.isArray(result) ? result.map(cells) : [cells(result)];
}
