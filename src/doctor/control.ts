// One GET on Unit's control API over its socket, for the commands beyond the configuration read
// (socket.ts): `unit status` (GET /status) and `unit app restart` (GET /control/applications/
// <name>/restart, Unit's only control action, and a GET in Unit 1.35). The reply is bounded and
// read by the depth-limited parser; a socket fault names the command in its hint.
import { request } from 'node:http';
import { isRecord } from '../json/record.js';
import { AuthError, NetworkError, PanelError, UsageError, type DactlError } from '../errors.js';
import { parseJson } from '../json/parse.js';

export interface UnitReply {
  status: number;
  value: unknown;
}

interface UnitGet {
  socket: string;
  /** The command, for hints: 'unit status'. */
  command: string;
  timeoutMs?: number | undefined;
  /** The most the reply may hold (default 16 MiB). */
  maxReply?: number;
}

/** /status of every application and Unit's counters fit in far less (about 150 bytes each). */
const defaultMaxReply = 16 * 1024 * 1024;

export function unitGet(
  path: string,
  { socket, command, timeoutMs = 10_000, maxReply = defaultMaxReply }: UnitGet,
): Promise<UnitReply> {
  return new Promise((resolve, reject) => {
    // One deadline for the whole exchange: a socket that trickles bytes never idles out.
    const deadline = setTimeout(() => {
      req.destroy(Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    const req = request({ socketPath: socket, path, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxReply) req.destroy(new Error(`a reply over ${String(maxReply >> 20)} MiB`));
        else chunks.push(chunk);
      });
      res.on('end', () => {
        clearTimeout(deadline);
        const parsed = parseJson(Buffer.concat(chunks).toString('utf8'));
        if (!parsed.ok) {
          reject(
            new PanelError(
              `Unit's control socket ${socket} answered ${path} with HTTP ${String(res.statusCode)} and no JSON dactl reads (${parsed.error.message}).`,
              'Check that the path is Unit’s control socket (--socket or DACTL_UNIT_SOCKET).',
            ),
          );
          return;
        }
        resolve({ status: res.statusCode ?? 0, value: parsed.value });
      });
    });
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' })),
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      reject(socketFault(error, socket, command));
    });
    req.end();
  });
}

/** Unit's answer other than 200 as an error, in Unit's words: a 5xx is exit 6, the rest 5. */
export function refusal(reply: UnitReply, doing: string, hint: string): DactlError {
  const { value } = reply;
  const said = isRecord(value)
    ? [value.error, value.detail].filter((s) => typeof s === 'string' && s !== '').join(' ')
    : '';
  const message = `Unit did not ${doing}: ${said || 'no reason given'} (HTTP ${String(reply.status)}).`;
  return reply.status >= 500 ? new NetworkError(message, hint) : new PanelError(message, hint);
}

function socketFault(error: NodeJS.ErrnoException, socket: string, command: string): Error {
  const where = 'give Unit’s control socket with --socket or DACTL_UNIT_SOCKET';
  switch (error.code) {
    case 'ENOENT':
      return new UsageError(
        `There is no Unit control socket at ${socket}.`,
        `Is Unit installed and running (systemctl status unit)? Else ${where}.`,
      );
    case 'EACCES':
    case 'EPERM':
      return new AuthError(
        `Cannot open Unit's control socket ${socket}: permission denied.`,
        `Run it as root (sudo dactl ${command}): the socket belongs to root.`,
      );
    case 'ENOTSOCK':
    case 'ECONNREFUSED':
      return new NetworkError(
        `Nothing answers on ${socket} (${error.code}).`,
        `Start Unit (systemctl start unit), or ${where}.`,
      );
    default:
      return new NetworkError(
        `Unit's control socket ${socket}: ${error.message}.`,
        `Is Unit busy or stuck? Try again with --timeout, or ${where}.`,
      );
  }
}
