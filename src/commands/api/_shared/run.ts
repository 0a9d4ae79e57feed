// The body of `dactl api`: check the flags, build the request for its tier, send it (or print
// it under --dry-run), and print the decoded reply. Errors are thrown to main.ts like any
// command's, so the exit codes are the same everywhere.
import { STATUS_CODES } from 'node:http';
import { rawRequest } from '../../../api/raw.js';
import { uncertainty } from '../../../api/sent.js';
import { SWAGGER_PATH } from '../../../api/swagger.js';
import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import type { RawReply } from '../../../http/decode.js';
import { parseField, resolveFields, stdinFields, type FieldSpec } from '../../../http/fields.js';
import { maskValues, redactHeaders } from '../../../redact/redact.js';
import { listOperations } from './list.js';
import { inputName, readInput } from '../../../input.js';

/** The options of `dactl api` (index.ts). */
export interface ApiOptions {
  method?: string;
  rawField?: string[];
  field?: string[];
  input?: string;
  /** false with --no-json. */
  legacyJson: boolean;
  include?: boolean;
  silent?: boolean;
  list?: boolean;
  offline?: boolean;
}

export async function runApi(
  ctx: Context,
  path: string | undefined,
  opts: ApiOptions,
): Promise<void> {
  if (opts.list) {
    checkList(opts);
    if (ctx.options.dryRun && !opts.offline) {
      await ctx.change({ method: 'GET', path: SWAGGER_PATH });
      return;
    }
    await listOperations(ctx, path, opts.offline === true);
    return;
  }
  if (opts.offline) {
    throw new UsageError('--offline goes with --list.', 'dactl api --list --offline [filter]');
  }
  // The reply is whatever the panel sends: it has no columns for TSV to print, unless --query
  // picks them (the Writer prints its result as lines).
  if (ctx.format === 'tsv' && ctx.io.query === undefined) {
    throw new UsageError(
      "-o tsv: dactl api prints the panel's reply as it is, as JSON (the default) or YAML.",
      'Use -o json or -o yaml, or --query to pick fields with -o tsv; dactl api --list -o tsv lists operations.',
    );
  }
  if (path === undefined) {
    throw new UsageError(
      'Give the path to call, e.g. dactl api /api/db-show/databases.',
      "dactl api --list shows the new API's operations.",
    );
  }

  const specs: FieldSpec[] = [
    ...(opts.rawField ?? []).map((f) => parseField('-f', f, false)),
    ...(opts.field ?? []).map((f) => parseField('-F', f, true)),
  ];
  if (stdinFields(specs) + (opts.input === '-' ? 1 : 0) > 1) {
    throw new UsageError('Only one of --input - and -F key=@- can read stdin.');
  }
  // Everything is read and checked before the first byte is sent.
  const fields = await resolveFields(specs, (file) => readInput(ctx.io.stdin, file, '-F'));
  const input =
    opts.input === undefined ? undefined : await readInput(ctx.io.stdin, opts.input, '--input');
  const { request, tier } = rawRequest({
    path,
    method: opts.method,
    fields,
    input,
    inputName: opts.input === undefined ? undefined : inputName('--input', opts.input),
    legacyJson: opts.legacyJson,
  });
  if (tier === 'discovered') {
    ctx.log.warn(
      `${request.path} is a web-interface action, not part of the panel's API: it may change at any time.`,
    );
  }
  if (ctx.options.dryRun) {
    await ctx.change(request);
    return;
  }
  // Over a fleet, a write is confirmed once for every panel first.
  if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method.toUpperCase())) await ctx.approve();
  const client = await ctx.client();
  // A write whose answer is lost may still have been made (src/api/sent.ts).
  const after = {
    check: `check with a read of what it changes (dactl api ${request.path.split('?')[0] ?? ''})`,
  };
  let data: unknown;
  let body = '';
  try {
    data = await client.send(request, (reply) => {
      body = reply.body;
      // The head comes before decoding, so a failing reply still shows its status and headers;
      // the panel's echoes of what was sent under a secret name (and of the password) are masked.
      if (opts.include && !opts.silent) printHead(ctx, reply, client.secrets(request));
    });
  } catch (error) {
    throw uncertainty(error, request, after);
  }
  if (opts.silent || body.trim() === '') return;
  await ctx.out.value(data);
}

function checkList(opts: ApiOptions): void {
  const extra =
    opts.method !== undefined ||
    opts.rawField !== undefined ||
    opts.field !== undefined ||
    opts.input !== undefined ||
    opts.include === true;
  if (extra) {
    throw new UsageError(
      '--list takes only a filter; it cannot be combined with -X, -f, -F, --input or --include.',
    );
  }
}

/** `--include`: the status line and headers, as curl -i and gh api -i show them. */
function printHead(ctx: Context, reply: RawReply, secrets: ReadonlySet<string>): void {
  ctx.out.line(`HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ''}`.trimEnd());
  for (const [name, value] of Object.entries(redactHeaders(reply.headers))) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined) ctx.out.line(`${name}: ${maskValues(v, secrets)}`);
    }
  }
  ctx.out.line('');
}
