// How a request that did not get a reply is reported: got's and Node's error codes turned into
// one sentence with a hint, and whether the request can have reached the panel (unsent).
import { DactlError, NetworkError } from '../errors.js';

// got's own list, plus what Node 24.20+ says for a refused connection.
export const networkErrorCodes = [
  'ETIMEDOUT',
  'ECONNRESET',
  'EADDRINUSE',
  'ECONNREFUSED',
  'EPIPE',
  'ENOTFOUND',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ERR_SOCKET_CLOSED_BEFORE_CONNECTION',
];

export function timedOut(url: URL, timeoutMs: number): NetworkError {
  const seconds = timeoutMs / 1000;
  return new NetworkError(
    `The panel at ${url.origin} did not answer within ${String(seconds)} s (retries included).`,
    'Raise the limit with --timeout <seconds>, or check the panel is up.',
  );
}

/** A failed request as dactl reports it: what happened, where, and what to try. */
export function networkError(error: unknown, url: URL, timeoutMs: number): Error {
  if (error instanceof DactlError) return error;
  if (!hasCode(error)) {
    return error instanceof Error ? error : new Error(String(error));
  }
  const where = url.origin;
  const code = error.code;
  if (isTimeout(error)) return timedOut(url, timeoutMs);
  // Node 24.20+ reports a refused connection through got as a socket closed before connecting.
  if (code === 'ECONNREFUSED' || code === 'ERR_SOCKET_CLOSED_BEFORE_CONNECTION') {
    return new NetworkError(
      `Cannot connect to ${where}: connection refused.`,
      'Check the URL and port (DirectAdmin listens on 2222), and that the panel is running.',
      true,
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new NetworkError(
      `Cannot resolve the host of ${where}.`,
      'Check the URL in the profile.',
      true,
    );
  }
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code)) {
    return new NetworkError(
      `The TLS certificate of ${where} is not trusted (${code}).`,
      'Pass the panel certificate with --ca-cert <file> (or save it in the profile); --insecure turns the check off.',
      true,
    );
  }
  if (code === 'EPROTO' || code === 'ERR_SSL_WRONG_VERSION_NUMBER') {
    return new NetworkError(
      `TLS failed with ${where} (${code}).`,
      url.protocol === 'https:'
        ? `The port may speak plain HTTP: try http://${url.host}.`
        : undefined,
      true,
    );
  }
  if (code === 'ECONNRESET' || code === 'EPIPE') {
    return new NetworkError(`The connection to ${where} was reset before the reply was complete.`);
  }
  if (error.name === 'ReadError' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    return new NetworkError(`The reply from ${where} was cut off.`);
  }
  return new NetworkError(`The request to ${where} failed: ${error.message} (${code}).`);
}

export const isTimeout = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'TimeoutError' || (hasCode(error) && error.code === 'ETIMEDOUT'));

export const hasCode = (error: unknown): error is Error & { code: string } =>
  error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
