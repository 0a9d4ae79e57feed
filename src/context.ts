// Per-run context, built lazily from the global options: output, prompts, profiles, client.
// Nothing here reads files or loads heavy libraries until a command asks for it.
import type { Command } from 'commander';
import type { AfterSend } from './api/sent.js';
import { UsageError } from './errors.js';
import { currentMember, type FleetMember } from './fleet/member.js';
import type { Client, PanelRequest } from './http/transport.js';
import { ioOf, terminalColumns, type Io } from './io.js';
import { Log } from './output/log.js';
import { startSpinner, type Spinner } from './output/spinner.js';
import { colourWanted, plain, type Paint } from './output/paint.js';
import { FleetWriter } from './output/fleet-writer.js';
import { Writer, formats, type DataWriter, type Format } from './output/writer.js';
import { Prompts } from './prompts.js';
import { resolveConnection, type Connection } from './settings/connection.js';
import { configDir } from './settings/paths.js';
import type { ProfileStore } from './settings/store.js';
import { accountName, checkFlag } from './validate/settings.js';

export interface GlobalOptions {
  profile?: string;
  as?: string;
  output?: string;
  json?: boolean;
  query?: string;
  color?: boolean;
  quiet?: boolean;
  debug?: boolean;
  input?: boolean;
  yes?: boolean;
  dryRun?: boolean;
  timeout?: string;
  caCert?: string;
  insecure?: boolean;
  wide?: boolean;
  /** Set by a command whose data has no table (LeafCommand.noTable): printed so instead. */
  noTable?: Format;
}

/** The largest --timeout: one day. */
const maxTimeoutSeconds = 86_400;

/** What Context.change returns under --dry-run. */
export const DRY_RUN = Symbol('dry-run');

const isTty = (stream: { isTTY?: boolean }): boolean => stream.isTTY === true;

export class Context {
  readonly format: Format;
  /** Colours for stderr (plain when off). */
  readonly color: Paint;
  readonly log: Log;
  readonly out: DataWriter;
  readonly prompts: Prompts;
  private asks?: boolean;
  private store?: Promise<ProfileStore>;
  private connection?: Promise<Connection>;
  private clientPromise?: Promise<Client>;

  constructor(
    readonly options: GlobalOptions,
    readonly io: Io,
    /** In a fleet run, the panel this context is for (src/fleet/). */
    readonly member?: FleetMember,
    /** The command that runs, 'unit app restart' (the audit trail records it). */
    readonly command?: string,
  ) {
    this.format = chooseFormat(options);
    const argv = options.color === false ? ['--no-color'] : [];
    const paintFor = (stream: { isTTY?: boolean }): Paint =>
      io.paint && colourWanted(stream, io.env, argv) ? io.paint : plain;
    this.color = paintFor(io.stderr);
    this.log = new Log(
      io.stderr,
      this.color,
      options.quiet === true,
      member ? `${member.profile}: ` : '',
    );
    // At a terminal, tables fit its width and an empty list is said on stderr; never in a pipe.
    const terminal = isTty(io.stdout);
    const columns = terminalColumns(io.stdout);
    // With --query the Writer makes the JSON document and prints the expression's result in
    // this.format; a string result alone prints raw unless -o json was asked for, as gh's --jq.
    const rawStrings = options.output === undefined && options.json !== true;
    const query =
      io.query && this.format !== 'table'
        ? { filter: io.query, output: this.format, rawStrings }
        : undefined;
    const format = query ? 'json' : this.format;
    const log = terminal ? this.log : undefined;
    // In a fleet run, what the command prints goes to the fleet's output (src/fleet/output.ts).
    this.out = member
      ? new FleetWriter(format, member.profile, member.sink, log)
      : new Writer({
          format,
          stdout: io.stdout,
          pretty: terminal,
          color: paintFor(io.stdout),
          ...(columns !== undefined && !options.wide ? { fit: columns } : {}),
          ...(log ? { log } : {}),
          ...(query ? { query } : {}),
        });
    this.prompts = new Prompts(() => this.interactive, io.stderr, this.log, member?.approve);
    if (options.as !== undefined) checkFlag('--as', options.as, accountName);
    if (options.insecure && !member) {
      this.log.warn(
        '--insecure: the panel certificate is not checked; anyone on the path can read the password.',
      );
    }
  }

  /**
   * Whether dactl may ask: judged on first use, since reading stdin's kind makes Node build a
   * stream for it (and load its fs streams for /dev/null or a file), which most commands never
   * read. Panels in a fleet never prompt one by one: confirmations are asked once (approve()).
   */
  get interactive(): boolean {
    const { options, io, member } = this;
    this.asks ??=
      member === undefined &&
      options.input !== false &&
      !truthy(io.env.DACTL_NO_INPUT) &&
      !truthy(io.env.CI) &&
      isTty(io.stderr) &&
      isTty(io.stdin);
    return this.asks;
  }

  /** Builds the context from a command's merged options (globals included). */
  static from(command: Command, noTable?: Format): Context {
    const options = { ...command.optsWithGlobals<GlobalOptions>(), noTable };
    const names: string[] = [];
    for (let at = command; at.parent; at = at.parent) names.unshift(at.name());
    const member = currentMember();
    if (!member) return new Context(options, ioOf(command), undefined, names.join(' '));
    const io = { ...ioOf(command), stdin: member.stdin() };
    return new Context({ ...options, profile: member.profile }, io, member, names.join(' '));
  }

  /** Before a change is sent: in a fleet run, the one confirmation for every panel. */
  async approve(): Promise<void> {
    await this.member?.approve();
  }

  get configDir(): string {
    return configDir(this.io.env);
  }

  /** --timeout: how long the whole command may wait for the panel, retries included. */
  get timeoutMs(): number | undefined {
    if (this.options.timeout === undefined) return undefined;
    const seconds = Number(this.options.timeout);
    // A day is plenty, and stays far below what a Node timer can hold (2^31-1 ms, about 24.8 days).
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > maxTimeoutSeconds) {
      throw new UsageError(
        `--timeout "${this.options.timeout}": must be a number of seconds above 0 and at most ${String(maxTimeoutSeconds)} (24 h).`,
      );
    }
    return seconds * 1000;
  }

  profiles(): Promise<ProfileStore> {
    this.store ??= import('./settings/store.js').then(({ ProfileStore }) =>
      ProfileStore.open(this.configDir, (m) => {
        this.log.warn(m);
      }),
    );
    return this.store;
  }

  /** Where and as whom to connect, by the precedence of design.md. */
  resolve(): Promise<Connection> {
    this.connection ??= resolveConnection(this);
    return this.connection;
  }

  /**
   * Sends a change to the panel (src/api/sent.ts: a lost answer says the change may have been
   * made, and how to check). With --dry-run it prints the exact request instead (secrets
   * redacted, no password needed) and returns DRY_RUN; commands then print nothing else.
   */
  async change(request: PanelRequest, after: AfterSend = {}): Promise<unknown> {
    if (!this.options.dryRun) {
      await this.approve();
      const client = await this.client();
      const { sendMutation } = await import('./api/sent.js');
      return sendMutation(client, request, after, this.io.stderr);
    }
    const connection = await this.resolve();
    const { makeClient } = await import('./settings/client.js');
    const client = await makeClient(connection, this, '');
    if (this.format === 'json' || this.format === 'yaml') {
      await this.out.value({ dryRun: true, request: client.preview(request) });
    } else {
      this.out.line(client.describe(request));
    }
    this.log.info('Dry run: nothing was sent.');
    return DRY_RUN;
  }

  /**
   * A spinner on stderr while the panel works (a terminal only: output/spinner.ts), started after
   * signing in, which may ask for a password; none under --dry-run, or --debug, whose trace it
   * would draw over.
   */
  async spinner(text: string): Promise<Spinner> {
    if (this.options.dryRun || this.options.debug) return { stop: () => undefined };
    await this.client();
    const { io, options } = this;
    return startSpinner(text, { stream: io.stderr, env: io.env, quiet: options.quiet });
  }

  client(): Promise<Client> {
    this.clientPromise ??= (async () => {
      const connection = await this.resolve();
      const { makeClient } = await import('./settings/client.js');
      return makeClient(connection, this);
    })();
    return this.clientPromise;
  }
}

function chooseFormat(options: GlobalOptions): Format {
  if (options.json) {
    if (options.output === undefined || options.output === 'json') return 'json';
    throw new UsageError(
      `--json is -o json: it cannot go with -o ${options.output}.`,
      `Give one of them: --json, or -o ${options.output}.`,
    );
  }
  const value = options.output ?? (options.query === undefined ? 'table' : 'json');
  if (!(formats as readonly string[]).includes(value)) {
    throw new UsageError(`-o/--output "${value}": choose one of ${formats.join(', ')}.`);
  }
  return value === 'table' && options.noTable ? options.noTable : (value as Format);
}

const truthy = (v: string | undefined): boolean =>
  v !== undefined && v !== '' && v !== '0' && v !== 'false';
