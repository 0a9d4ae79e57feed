// A careless panel for the redaction and escaping tests: every answer quotes the request it got
// (method, path and query, the Authorization header raw and decoded, the body, all decoded), as
// a panel or a proxy in front of it may do in an error. Whatever dactl sent, secrets and control
// characters included, can come back in each reply shape.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type EchoMode =
  /** Legacy paths: 200 `error=1&text=...&details=<echo>`; others: 400 `{type, message: <echo>}`. */
  | 'error'
  /** 500 with the echo as plain text. */
  | 'server'
  /** 401 with the echo as plain text. */
  | 'unauthorized'
  /** 200 JSON `{"received": <echo>}`, and the echo in a Set-Cookie and an X-Echo header. */
  | 'ok'
  /** 200 `application/json` that is not JSON: `{"received": "<echo>` cut short. */
  | 'broken';

export interface EchoPanel {
  url: string;
  mode: EchoMode;
  close: () => Promise<void>;
}

export async function startEchoPanel(): Promise<EchoPanel> {
  const panel: EchoPanel = { url: '', mode: 'error', close: async () => undefined };
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const auth = req.headers.authorization ?? '';
      const decoded = Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString('utf8');
      // Decoded, so what was sent comes back as raw text, control characters and all.
      const echo = `${req.method ?? ''} ${unescape(req.url ?? '')} auth=${auth} (${decoded}) body=${unescape(body)}`;
      const legacy = (req.url ?? '').startsWith('/CMD_');
      const reply = (status: number, type: string, text: string, headers = {}): void => {
        res.writeHead(status, { 'Content-Type': type, ...headers });
        res.end(text);
      };
      switch (panel.mode) {
        case 'error':
          if (legacy) {
            const form = new URLSearchParams({ error: '1', text: 'Refused', details: echo });
            reply(200, 'text/plain', form.toString());
          } else {
            reply(400, 'application/json', JSON.stringify({ type: 'BAD_REQUEST', message: echo }));
          }
          return;
        case 'server':
          reply(500, 'text/plain', echo);
          return;
        case 'unauthorized':
          reply(401, 'text/plain', echo);
          return;
        case 'ok':
          reply(200, 'application/json', JSON.stringify({ received: echo }), {
            'Set-Cookie': `session=${encodeURIComponent(echo)}`,
            'X-Echo': encodeURIComponent(echo),
          });
          return;
        case 'broken':
          reply(200, 'application/json', `{"received": ${JSON.stringify(echo).slice(0, -1)}`);
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  panel.url = `http://127.0.0.1:${String(port)}`;
  panel.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        resolve();
      });
    });
  return panel;
}

function unescape(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
