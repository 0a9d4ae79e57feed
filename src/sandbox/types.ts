// The public types of the sandbox. They live apart from index.ts so that every other file can
// import them without importing the server itself.

export type Role = 'admin' | 'reseller' | 'user';

/** A demo account as the tests and `dactl sandbox` see it: enough to log in with. */
export interface SandboxAccount {
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
  /** 492 RESELLER_EXCEEDS_LIMIT, as WordPress install-quick answers when the reseller is full. */
  | 'reseller-limit';

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
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:43123 (https:// with tls). */
  url: string;
  /** The accounts with their passwords. */
  readonly accounts: SandboxAccount[];
  /** PEM of the self-signed certificate when tls is on. */
  caCert?: string;
  /** Every request received, in order, faulted ones included. */
  requests: RecordedRequest[];
  /** Read on every request, so tests may change it at run time. */
  modes: SandboxModes;
  fault(f: Fault): void;
  clearFaults(): void;
  /** Read on every request, so tests may make Unit fail while the sandbox runs. */
  unitFaults: UnitFaults;
  /** Stops listening and destroys every socket, keep-alive and hanging ones included. */
  close(): Promise<void>;
}
