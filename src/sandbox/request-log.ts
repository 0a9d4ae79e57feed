// What the sandbox keeps of the requests it received, for tests to assert what a client really
// sent: only the most recent ones, with secrets hidden, so a `dactl sandbox` left running for
// days stays small and holds no password. Positions count every request since the start, as
// indices of an array that only grows would: `const mark = log.length; ...; log.slice(mark)` is
// what arrived after the mark, of which the last RECENT_REQUESTS are still there. A test that
// must see a secret that was sent (a generated password) watches requests as they arrive.

import type { IncomingMessage } from 'node:http';
import { redactBody, redactHeaders, redactValue } from '../redact/redact.js';
import type { SandboxRequest } from './request.js';
import type { RecentRequests, RecordedRequest } from './types.js';

export const RECENT_REQUESTS = 200;
/** A recorded body is cut after this many characters: enough for any definition a test sends. */
export const RECORDED_BODY_CHARS = 64 * 1024;

export class RequestLog implements RecentRequests {
  private kept: RecordedRequest[] = [];
  private count = 0;

  /** How many requests arrived since the start; older than the last RECENT_REQUESTS are gone. */
  get length(): number {
    return this.count;
  }

  private watchers = new Set<(request: RecordedRequest) => void>();

  /** Keeps the redacted copy, and shows the whole request to the watchers. */
  record(request: SandboxRequest, req: IncomingMessage): void {
    for (const watcher of this.watchers) watcher(copy(request, req, false));
    this.kept.push(copy(request, req, true));
    this.count += 1;
    if (this.kept.length > RECENT_REQUESTS) this.kept.shift();
  }

  /** Calls `listener` with each request as it arrives, secrets included, until unwatched. */
  watch(listener: (request: RecordedRequest) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  /** The request at a position (negative counts from the end), if it is still kept. */
  at(position: number): RecordedRequest | undefined {
    const index = this.toIndex(position < 0 ? this.count + position : position);
    return index >= 0 ? this.kept[index] : undefined;
  }

  /** The kept requests at positions start..end-1 (negative positions count from the end). */
  slice(start = 0, end = this.count): RecordedRequest[] {
    const from = start < 0 ? this.count + start : start;
    const to = end < 0 ? this.count + end : end;
    return this.kept.slice(Math.max(0, this.toIndex(from)), Math.max(0, this.toIndex(to)));
  }

  [Symbol.iterator](): Iterator<RecordedRequest> {
    return this.kept[Symbol.iterator]();
  }

  private toIndex(position: number): number {
    return position - (this.count - this.kept.length);
  }
}

/** A copy of a request; the kept one with Authorization, cookies and password fields hidden. */
function copy(request: SandboxRequest, req: IncomingMessage, kept: boolean): RecordedRequest {
  const { method, path, query, rawBody } = request;
  const username = request.credentials?.username;
  if (!kept) return { method, path, query, username, body: rawBody, headers: { ...req.headers } };
  // The sandbox reads a body that is not JSON as a form (request.ts), so it is redacted as one.
  const isJson = request.body !== undefined || request.bodyError !== undefined;
  const body = redactBody(
    rawBody,
    isJson ? 'application/json' : 'application/x-www-form-urlencoded',
  );
  return {
    method,
    path,
    query: redactValue(query) as Record<string, string>,
    username,
    body:
      body.length > RECORDED_BODY_CHARS
        ? `${body.slice(0, RECORDED_BODY_CHARS)}… (${body.length - RECORDED_BODY_CHARS} more characters not kept)`
        : body,
    headers: redactHeaders(req.headers),
  };
}
