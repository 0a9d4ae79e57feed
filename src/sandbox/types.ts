// The public types of the sandbox. They live apart from index.ts so that every other file can
// import them without importing the server itself.

export type Role = 'admin' | 'reseller' | 'user';

/** A demo account as the tests and `dactl sandbox` see it: enough to log in with. */
interface SandboxAccount {
  username: string;
  password: string;
  role: Role;
}

/**
 * The behaviours where real panels differ (facts page, "Sandbox modes"). The client must survive
 * every variant, so the sandbox can switch between them, even while it runs.
 */
export interface SandboxModes {
  /** `status`: 401 + `X-DirectAdmin: Unauthorized` (default). `login-page`: 200 + HTML login page. */
  badCredentials: 'status' | 'login-page';
  /** `status`: legacy errors keep their 4xx/5xx status (default). `ok`: they answer 200. */
  legacyErrors: 'status' | 'ok';
}

export type FaultKind =
  | 'status-500'
  | 'status-502'
  | 'status-503'
  | 'hang'
  | 'reset'
  | 'garbage'
  | 'truncated'
  | 'redirect'
  | 'use-https'
  | 'html'
  /** A 96 MiB JSON reply that says its size. */
  | 'huge'
  /** A gzip body that inflates to 1 GiB, sent without a length. */
  | 'gzip-bomb'
  /** A JSON reply that never ends. */
  | 'endless'
  /** A JSON reply that never ends and sends one byte at a time: only a timeout stops it. */
  | 'trickle'
  /** Valid JSON nested 100,000 levels deep. */
  | 'deep'
  /** A JSON-labelled reply that is not UTF-8. */
  | 'bad-utf8'
  /** 492 RESELLER_EXCEEDS_LIMIT, as WordPress install-quick answers when the reseller is full. */
  | 'reseller-limit'
  /** A proxy's own error page (nginx: `text/html`, a title, no login form) with that status. */
  | 'proxy-403'
  | 'proxy-404'
  | 'proxy-429'
  | 'proxy-502';

/** A failure injected in front of the panel, answering before authentication. */
export interface Fault {
  kind: FaultKind;
  /** Pathname prefix, e.g. '/CMD_API_SHOW_ALL_USERS'; absent = every path. */
  path?: string;
  /** Only requests of this method, e.g. 'POST' (a change after its reads); absent = any. */
  method?: string;
  /** How many matching requests it hits; absent = until clearFaults(). */
  times?: number;
}

/**
 * How the panel lists accounts, where panels differ or the facts page leaves it open ("Users"):
 * see listings.ts. Read on every request, so tests may change it while the sandbox runs.
 */
export interface Listings {
  /**
   * `users` (default, as real panels): CMD_API_SHOW_ALL_USERS lists plain users only, no resellers
   * or admins. `every`: it lists every account, as some clients assume.
   */
  allUsers: 'users' | 'every';
  /** The most rows a page of CMD_ALL_USER_SHOW / CMD_USER_SHOW holds, whatever `ipp` asks. */
  maxIpp: number;
  /** false: the panel lacks those two skin listings (they answer as unknown commands, 404). */
  pages: boolean;
}

/** Failures of the application server itself (see unit/faults.ts). */
export interface UnitFaults {
  /** Route sets (`<domain>` or `<sub>.<domain>`) whose live route Unit fails to clear. */
  clearFails: string[];
}

export interface RecordedRequest {
  method: string;
  /** The pathname, without the query string. */
  path: string;
  query: Record<string, string>;
  /** The Basic username exactly as sent, e.g. 'admin|fred'. */
  username?: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The most recent requests, with secrets hidden (request-log.ts). Positions count every request
 * since the start, so `length` keeps growing while only the last 200 are kept.
 */
export interface RecentRequests extends Iterable<RecordedRequest> {
  readonly length: number;
  /** A negative position counts from the end; undefined once the request is no longer kept. */
  at(position: number): RecordedRequest | undefined;
  /** The requests still kept between two positions, as an array. */
  slice(start?: number, end?: number): RecordedRequest[];
}

export interface SandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 2222, the panel's own port; 0 picks a free port. */
  port?: number;
  /** Keep the state in `<dataDir>/state.json`; absent = memory only. */
  dataDir?: string;
  /** Serve HTTPS with a fresh self-signed certificate, as most panels do. */
  tls?: boolean;
  /** Absent modes come from DACTL_SANDBOX_BAD_CREDENTIALS / DACTL_SANDBOX_LEGACY_ERRORS. */
  modes?: Partial<SandboxModes>;
  /** Absent: from DACTL_SANDBOX_UNIT_CLEAR_FAILS. */
  unitFaults?: Partial<UnitFaults>;
  /** Absent: from DACTL_SANDBOX_ALL_USERS and DACTL_SANDBOX_MAX_IPP (listings.ts). */
  listings?: Partial<Listings>;
  /** Serve Unit's control API on this Unix socket (with a dataDir: the panel's files too). */
  unitSocket?: string;
  /** Start with Unit's live configuration empty, as after a restart of Unit. */
  unitEmpty?: boolean;
  /** Seconds between runs of the task queue processor (default 60; 0: only when asked). */
  taskInterval?: number;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:43123 (https:// with tls). */
  url: string;
  /** The accounts with their passwords. */
  readonly accounts: SandboxAccount[];
  /** PEM of the self-signed certificate when tls is on. */
  caCert?: string;
  /** The requests received, in order, faulted ones included: the last 200, secrets hidden. */
  readonly requests: RecentRequests;
  /**
   * Calls `listener` with each request as it arrives, secrets included and nothing kept, until
   * the returned function is called: for a test that must see a generated password it sent.
   */
  watch(listener: (request: RecordedRequest) => void): () => void;
  /** Read on every request, so tests may change it at run time. */
  modes: SandboxModes;
  fault(f: Fault): void;
  clearFaults(): void;
  /** Read on every request, so tests may make Unit fail while the sandbox runs. */
  unitFaults: UnitFaults;
  /** Read on every request, so tests may change how accounts are listed while it runs. */
  listings: Listings;
  /** Processes the panel's task queue now (with unitSocket and a dataDir); whether it rewrote. */
  processTaskQueue(): boolean;
  /** The live names of the applications restarted over Unit's control socket, in order. */
  readonly unitRestarts: readonly string[];
  /** Stops listening and destroys every socket, keep-alive and hanging ones included. */
  close(): Promise<void>;
}
