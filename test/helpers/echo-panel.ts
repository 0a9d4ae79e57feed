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
  | 'broken'
  /** 403 HTML with the echo escaped as PHP's htmlspecialchars does (&amp; &lt; &quot; &#039;). */
  | 'html'
  /**
   * Escaped as panels do: legacy paths 200 `error=1&details=<echo>` with &<>"' as numeric
   * entities (`&#60;`) and the rest percent-encoded in lower case; others 400 JSON with &<>"'
   * as \u0026 (PHP's JSON_HEX_* flags) and / as \/.
   */
  | 'escaped';

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
        case 'html':
          reply(403, 'text/html', `<html><body><p>Refused: ${htmlEscape(echo)}</p></body></html>`);
          return;
        case 'escaped':
          if (legacy) {
            const details = echo.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
            const lower = encodeURIComponent(details).replace(/%[0-9A-F]{2}/g, (h) =>
              h.toLowerCase(),
            );
            reply(200, 'text/plain', `error=1&text=Refused&details=${lower}`);
          } else {
            const json = `{"type":"BAD_REQUEST","message":"${jsonHex(echo)}"}`;
            reply(400, 'application/json', json);
          }
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

const htmlEscape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? '&#039;',
  );

/** A JSON string's content as PHP's json_encode with JSON_HEX_* writes it: \u0022, \/. */
const jsonHex = (text: string): string =>
  Array.from(text)
    .map((c) =>
      /[&<>"']/.test(c)
        ? `\\u00${c.charCodeAt(0).toString(16)}`
        : c === '/'
          ? '\\/'
          : JSON.stringify(c).slice(1, -1),
    )
    .join('');

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
