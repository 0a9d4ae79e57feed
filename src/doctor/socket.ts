// One read of Unit's live configuration over its control socket (GET /config, spec 2.6).
import { request } from 'node:http';
import { AuthError, NetworkError, UsageError } from '../errors.js';
import { scanJson } from '../unit/json-scan.js';

export interface LiveConfig {
  listeners: Record<string, unknown>;
  routes: Record<string, unknown>;
  applications: Record<string, unknown>;
}

const maxReply = 64 * 1024 * 1024;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function readLive(socket: string, timeoutMs = 10_000): Promise<LiveConfig> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: socket, path: '/config', timeout: timeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => {
        text += d;
        if (text.length > maxReply) req.destroy(new Error('reply over 64 MiB'));
      });
      res.on('end', () => {
        let value: unknown;
        try {
          // Scanned first: a reply nested deeper than any configuration would crash the
          // recursive comparisons after it.
          value = scanJson(text) === undefined ? JSON.parse(text) : undefined;
        } catch {
          value = undefined;
        }
        if (res.statusCode !== 200 || !isObject(value)) {
          reject(
            new NetworkError(
              `Unit's control socket ${socket} answered HTTP ${String(res.statusCode)} without its configuration.`,
              'Check that the path is Unit’s control socket (--socket).',
            ),
          );
          return;
        }
        const part = (key: string): Record<string, unknown> => {
          const v = value[key];
          return isObject(v) ? v : {};
        };
        resolve({
          listeners: part('listeners'),
          routes: part('routes'),
          applications: part('applications'),
        });
      });
    });
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      reject(socketError(error, socket));
    });
    req.end();
  });
}

function socketError(error: NodeJS.ErrnoException, socket: string): Error {
  const where = 'Give Unit’s control socket with --socket or DACTL_UNIT_SOCKET.';
  switch (error.code) {
    case 'ENOENT':
      return new UsageError(
        `There is no Unit control socket at ${socket}.`,
        `Is Unit installed and running? ${where}`,
      );
    case 'EACCES':
    case 'EPERM':
      return new AuthError(
        `Cannot open Unit's control socket ${socket}: permission denied.`,
        'Run it as root (sudo dactl unit doctor): the socket belongs to root.',
      );
    case 'ENOTSOCK':
    case 'ECONNREFUSED':
      return new NetworkError(
        `Nothing answers on ${socket} (${error.code}).`,
        `Start Unit (systemctl start unit), or ${where[0]?.toLowerCase() ?? ''}${where.slice(1)}`,
      );
    default:
      return new NetworkError(`Unit's control socket ${socket}: ${error.message}.`, where);
  }
}
