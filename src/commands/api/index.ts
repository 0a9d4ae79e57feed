// `dactl api <path>`: any endpoint of the three tiers (spec 1) with the profile's auth,
// impersonation, decoding and exit codes, the way `gh api` reaches any GitHub endpoint. The work
// lives in _shared/run.ts, loaded only when this command runs.
import { Command, Option } from 'commander';
import { notes, withExamples } from '../../help/text.js';
import type { ApiOptions } from './_shared/run.js';
import { LeafCommand } from '../../command.js';

// Under commander's default key (`json`) this option's default would shadow the global --json.
class NoJsonOption extends Option {
  override attributeName(): string {
    return 'legacyJson';
  }
}

// No default list: commander would print `(default: [])` in the help.
const collect = (value: string, previous: string[] | undefined): string[] => [
  ...(previous ?? []),
  value,
];

const tiers = `
Tiers, by path:
  /api/<area>/<operation>  the new API: fields go as a JSON object, the reply is JSON
  /CMD_<NAME>              legacy commands: fields go form-encoded, json=yes is added (--no-json
                           leaves it out; URL-encoded replies are decoded to JSON all the same)
  anything else            an action of the web interface: it may change at any time

Fields turn the default method into POST; with -X GET they go in the query string. -F converts
numbers, true, false and null, and reads @file (@- for stdin); in a JSON body a[b]=1 nests and
tags[]=x appends. The reply is printed as JSON (-o yaml for YAML; -o tsv only with --list or --query, since
a reply has no columns). Errors end with the usual exit codes: 3 refused login or permission,
4 not found, 5 the panel said no, 6 network or 5xx.`;

export const apiCommand = (): Command =>
  withExamples(
    new LeafCommand('api')
      .description('Call any panel endpoint (new API, legacy CMD_* or web-interface action)')
      .argument('[path]', 'path on the panel, query string allowed; with --list, a filter')
      .option(
        '-X, --method <method>',
        'GET, POST, PUT, PATCH or DELETE (default GET, or POST with fields)',
      )
      .option('-f, --raw-field <key=value>', 'add a string field (repeatable)', collect)
      .option(
        '-F, --field <key=value>',
        'add a typed field: number, true, false, null, @file (repeatable)',
        collect,
      )
      .option('--input <file>', 'send this file as the body as is ("-" reads stdin)')
      .addOption(new NoJsonOption('--no-json', 'legacy paths: do not add json=yes to the query'))
      .option('-i, --include', 'print the HTTP status line and headers before the reply')
      .option('--silent', 'print nothing on stdout; the exit code tells the outcome')
      .option('--list', "list the new API's operations from the panel's description")
      .option('--offline', 'with --list: use the description shipped with dactl')
      .addHelpText('after', notes(tiers))
      .act(async (ctx, path: string | undefined, opts: ApiOptions) => {
        const { runApi } = await import('./_shared/run.js');
        await runApi(ctx, path, opts);
      }),
    'dactl api /CMD_API_SHOW_DOMAINS --as fred',
    "dactl api /CMD_API_SHOW_DOMAINS --as fred --query 'length(@)'",
    "dactl api '/api/db-show/databases?no-size=true' --as fred -o yaml",
    'dactl api /api/db-manage/create-db -f database=fred_new --as fred',
    'dactl api /CMD_API_SHOW_ALL_USERS --no-json --include',
    'echo \'{"database": "fred_new"}\' | dactl api /api/db-manage/create-db --input - --as fred',
    'dactl api /api/db-manage/create-db -F database=fred_new --dry-run',
    'dactl api --list database',
    'dactl api --list --offline wordpress',
  );
