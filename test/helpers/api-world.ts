// The world `dactl api` tests share: a sandbox, and a runner that returns what dactl printed
// together with the requests it sent.
import assert from 'node:assert/strict';
import type { RecordedRequest } from '../../src/sandbox/index.js';
import { world, type Result, type World } from './dactl.js';

interface ApiResult extends Result {
  /** The requests this run sent, in order. */
  sent: RecordedRequest[];
}

export interface ApiWorld {
  w: World;
  /** Runs `dactl api ...args` as `account` (default admin), with `input` on stdin. */
  api: (args: string[], account?: string, input?: string) => Promise<ApiResult>;
  /** Resets the sandbox's faults and modes between tests. */
  reset: () => void;
}

export async function apiWorld(): Promise<ApiWorld> {
  const w = await world();
  return {
    w,
    api: async (args, account = 'admin', input) => {
      const before = w.sandbox.requests.length;
      const result = await w.dactl(['api', ...args], { env: w.envFor(account), input });
      return { ...result, sent: w.sandbox.requests.slice(before) };
    },
    reset: () => {
      w.reset();
    },
  };
}

/** The one request a run sent. */
export function only(sent: RecordedRequest[]): RecordedRequest {
  assert.equal(sent.length, 1, `expected one request, got ${sent.length}`);
  return sent[0] as RecordedRequest;
}
