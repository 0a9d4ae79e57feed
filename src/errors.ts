// Every failure dactl reports is one of these. Commands throw; src/main.ts is the only place
// that turns them into a message and an exit code (design.md, "Exit codes").

export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  rejected: 5,
  network: 6,
  partial: 7,
  cancelled: 130,
} as const;

type ErrorCode =
  'USAGE' | 'AUTH' | 'NOT_FOUND' | 'REJECTED' | 'NETWORK' | 'PARTIAL' | 'CANCELLED' | 'INTERNAL';

export class DactlError extends Error {
  readonly hint: string | undefined;
  /** What the user must keep although the command failed: a generated password that was sent. */
  keep?: { key: string; label: string; value: string };

  constructor(
    readonly code: ErrorCode,
    readonly exitCode: number,
    message: string,
    hint?: string,
  ) {
    super(message);
    this.name = new.target.name;
    this.hint = hint;
  }
}

/** Bad usage or invalid input, caught before anything was sent. */
export class UsageError extends DactlError {
  constructor(message: string, hint?: string) {
    super('USAGE', ExitCode.usage, message, hint);
  }
}

/**
 * Invalid input with each problem at its JSON path: with -o json they are printed on stdout as
 * well, as an array of {path, message}, for scripts to read.
 */
export class ProblemsError extends UsageError {
  constructor(
    message: string,
    readonly problems: readonly { path: string; message: string }[],
    hint?: string,
  ) {
    super(message, hint);
  }
}

/** Credentials refused, a login page, impersonation refused, or a permission missing. */
export class AuthError extends DactlError {
  constructor(message: string, hint?: string) {
    super('AUTH', ExitCode.auth, message, hint);
  }
}

/** The panel refused the password itself (401, its login page): another password may work. */
export class LoginRefusedError extends AuthError {
  constructor(
    message: string,
    hint?: string,
    /** The panel's own words about the refusal, when it gave any (a 401 with a body). */
    readonly said?: string,
  ) {
    super(message, hint);
  }
}

/** A refused login that another password would not fix (of --as, of a new key): no retry. */
export const notThePassword = (error: unknown): unknown =>
  error instanceof LoginRefusedError ? new AuthError(error.message, error.hint) : error;

export class NotFoundError extends DactlError {
  constructor(message: string, hint?: string) {
    super('NOT_FOUND', ExitCode.notFound, message, hint);
  }
}

/** The panel understood the request and said no, in its own words. */
export class PanelError extends DactlError {
  constructor(
    message: string,
    hint?: string,
    readonly status?: number,
    readonly type?: string,
  ) {
    super('REJECTED', ExitCode.rejected, message, hint);
  }
}

/**
 * A new value the panel would refuse, found out before the change was sent: a username or domain
 * taken, a package it lacks. At a prompt it is said under the answer, which is asked again.
 */
export class ClashError extends PanelError {}

/** Network, TLS, timeout, a 5xx, or a reply that makes no sense. */
export class NetworkError extends DactlError {
  /** `unsent`: no connection was made (refused, unknown host, TLS), so nothing reached the panel. */
  constructor(
    message: string,
    hint?: string,
    readonly unsent = false,
  ) {
    super('NETWORK', ExitCode.network, message, hint);
  }
}

/** A command with several targets did some and not others; each outcome has been printed. */
export class PartialError extends DactlError {
  constructor(message: string, hint?: string) {
    super('PARTIAL', ExitCode.partial, message, hint);
  }
}

export class CancelledError extends DactlError {
  constructor(message = 'Cancelled.') {
    super('CANCELLED', ExitCode.cancelled, message);
  }
}
