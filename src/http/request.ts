// A request to the panel as dactl describes it, and as got is asked to send it: Basic auth,
// content type, TLS (a pinned certificate, --ca-cert or --insecure), no redirects, no retries of
// got's own (Client.fetch retries within the run's time budget).
import type { Method, StreamOptions } from 'got';
import { pinnedHttps, type PinnedCert } from './pin.js';

export interface PanelRequest {
  method: Method;
  /** `/CMD_API_SHOW_ALL_USERS`, `/api/db-show/databases`; may carry a query string. */
  path: string;
  query?: Record<string, string>;
  /** Form-encoded body (legacy commands). */
  form?: Record<string, string>;
  /** JSON body (new API, and the legacy commands the spec shows with JSON). */
  json?: unknown;
  /** A raw body with its content type (dactl api --input). */
  body?: { text: string; type: string };
  /** Overrides the run's time budget, e.g. for a WordPress install. */
  timeoutMs?: number;
}

/** What the TLS options of a request are made from (the Client's options). */
interface Tls {
  ca?: string;
  insecure: boolean;
  pin?: PinnedCert;
}

/** got's options for one attempt at `request`, which may wait `timeoutMs` at most. */
export function gotOptions(
  request: PanelRequest,
  { ca, insecure, pin }: Tls,
  credentials: string,
  timeoutMs: number,
): StreamOptions {
  const form = request.form ? new URLSearchParams(request.form).toString() : undefined;
  const json = request.json !== undefined ? JSON.stringify(request.json) : undefined;
  const headers: Record<string, string> = {
    authorization: `Basic ${credentials}`,
    'user-agent': 'dactl',
    accept: 'application/json, text/plain;q=0.9, */*;q=0.1',
  };
  if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (request.body) headers['content-type'] = request.body.type;
  return {
    method: request.method,
    headers,
    body: form ?? json ?? request.body?.text,
    throwHttpErrors: false,
    followRedirect: false,
    decompress: true,
    timeout: { request: timeoutMs },
    https:
      pin && !insecure
        ? pinnedHttps(pin)
        : { certificateAuthority: ca, rejectUnauthorized: !insecure },
    // Client.fetch retries, inside the run's time budget.
    retry: { limit: 0 },
  };
}
