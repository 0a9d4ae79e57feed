// One read of Unit's live configuration over its control socket (GET /config, spec 2.6), through
// the one socket client (control.ts).
import { isRecord } from '../json/record.js';
import { NetworkError } from '../errors.js';
import { unitGet } from './control.js';

export interface LiveConfig {
  listeners: Record<string, unknown>;
  routes: Record<string, unknown>;
  applications: Record<string, unknown>;
}

/** A configuration of thousands of applications fits in far less. */
const maxReply = 64 * 1024 * 1024;

export async function readLive(
  socket: string,
  timeoutMs = 10_000,
  command = 'unit doctor',
): Promise<LiveConfig> {
  const { status, value } = await unitGet('/config', { socket, command, timeoutMs, maxReply });
  if (status !== 200 || !isRecord(value)) {
    throw new NetworkError(
      `Unit's control socket ${socket} answered HTTP ${String(status)} without its configuration.`,
      'Check that the path is Unit’s control socket (--socket).',
    );
  }
  const part = (key: string): Record<string, unknown> => {
    const v = value[key];
    return isRecord(v) ? v : {};
  };
  return {
    listeners: part('listeners'),
    routes: part('routes'),
    applications: part('applications'),
  };
}
