// Helpers for the `unit app` end-to-end tests: what a request carried, and since when.
import assert from 'node:assert/strict';
import type { RecordedRequest } from '../../src/sandbox/index.js';
import type { World } from './dactl.js';

/** The form fields of a recorded POST, with the definition in `json` parsed. */
export function form(request: RecordedRequest | undefined): Record<string, unknown> {
  assert.ok(request, 'no request');
  const fields: Record<string, unknown> = Object.fromEntries(new URLSearchParams(request.body));
  if (typeof fields.json === 'string') fields.json = JSON.parse(fields.json) as unknown;
  return fields;
}

/** The requests a test sent: call mark() before, then sent() or posts(). */
export function recorder(w: () => World): {
  mark: () => void;
  sent: () => RecordedRequest[];
  posts: () => RecordedRequest[];
} {
  let since = 0;
  return {
    mark: () => {
      since = w().sandbox.requests.length;
    },
    sent: () => w().sandbox.requests.slice(since),
    posts: () => w().postsSince(since),
  };
}
