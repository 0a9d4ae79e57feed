// Failures injected in front of the panel, for the client's error handling tests: the ways a
// real panel, a proxy in front of it or the network can fail. A fault answers before
// authentication (a proxy does not check credentials) but the request is still recorded.

import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { HTML_TYPE, JSON_TYPE, render, send } from './render.js';
import { internalError } from './reply.js';
import type { SandboxRequest } from './request.js';
import type { Fault, FaultKind, SandboxModes } from './types.js';

interface ActiveFault {
  kind: FaultKind;
  path: string;
  /** Only requests of this method; undefined = any. */
  method: string | undefined;
  /** Requests left to hit; undefined = until cleared. */
  remaining: number | undefined;
}

export class Faults {
  private active: ActiveFault[] = [];

  add(fault: Fault): void {
    if (fault.times !== undefined && !(Number.isInteger(fault.times) && fault.times > 0)) {
      throw new Error(`fault times must be a positive integer (got ${fault.times})`);
    }
    this.active.push({
      kind: fault.kind,
      path: fault.path ?? '',
      method: fault.method?.toUpperCase(),
      remaining: fault.times,
    });
  }

  clear(): void {
    this.active = [];
  }

  /** The first fault whose path prefixes this pathname (and method matches), counted down by one. */
  take(pathname: string, method?: string): FaultKind | undefined {
    const fault = this.active.find(
      (f) => pathname.startsWith(f.path) && (f.method === undefined || f.method === method),
    );
    if (fault === undefined) return undefined;
    if (fault.remaining !== undefined && --fault.remaining === 0) {
      this.active = this.active.filter((f) => f !== fault);
    }
    return fault.kind;
  }
}

const page = (title: string, text: string) =>
  `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><p>${text}</p></body></html>\n`;

/** Answers (or deliberately fails to answer) a request hit by a fault. */
export function applyFault(
  kind: FaultKind,
  request: SandboxRequest,
  req: IncomingMessage,
  res: ServerResponse,
  modes: SandboxModes,
): void {
  const html = (headers: Record<string, string>, body: string) => {
    send(res, { status: 200, headers: { 'Content-Type': HTML_TYPE, ...headers }, body });
  };
  switch (kind) {
    case 'status-500':
    case 'status-502':
    case 'status-503': {
      const status = Number(kind.slice('status-'.length));
      // A proxy's 5xx is not a panel answer, so legacyErrors=ok does not turn it into 200.
      const reply = internalError(`Injected fault: HTTP ${status}`, status);
      send(res, render(reply, request, { ...modes, legacyErrors: 'status' }));
      return;
    }
    case 'hang':
      // Never answer; close() destroys the socket. Clients must have a timeout.
      return;
    case 'reset':
      req.socket.destroy();
      return;
    case 'garbage':
      send(res, { status: 200, headers: { 'Content-Type': JSON_TYPE }, body: '<<<garbage\u0000' });
      return;
    case 'truncated': {
      // Promise more than is sent, then drop the connection halfway through the JSON.
      const full = JSON.stringify({ success: 'Login OK', result: 'this reply is cut short' });
      res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': String(full.length) });
      res.write(full.slice(0, full.length >> 1), () => req.socket.destroy());
      return;
    }
    case 'redirect':
      // What a panel does with a bad login key or the wrong scheme: off to the login form.
      send(res, { status: 302, headers: { Location: '/CMD_LOGIN' }, body: '' });
      return;
    case 'use-https':
      // DirectAdmin's own answer to plain HTTP on an HTTPS-only panel.
      html({ 'X-Use-HTTPS': 'yes' }, page('DirectAdmin', 'This server requires HTTPS.'));
      return;
    case 'html':
      // An HTML page that is not the login form: a proxy or default web server page.
      html({}, page('Welcome', 'It works! This is not a DirectAdmin API reply.'));
      return;
    // Replies too large to keep: valid JSON (blanks, then {}), so only their size is wrong.
    case 'huge': {
      const size = 96 * MiB;
      res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': String(size) });
      flood(res, res, size - 2);
      return;
    }
    case 'gzip-bomb': {
      res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Encoding': 'gzip' });
      const gzip = createGzip();
      gzip.pipe(res);
      res.once('close', () => gzip.destroy());
      flood(res, gzip, 1024 * MiB);
      return;
    }
    case 'endless':
      res.writeHead(200, { 'Content-Type': JSON_TYPE });
      flood(res, res, Infinity);
      return;
    case 'trickle': {
      res.writeHead(200, { 'Content-Type': JSON_TYPE });
      const timer = setInterval(() => res.write(' '), 50);
      res.once('close', () => {
        clearInterval(timer);
      });
      return;
    }
    case 'deep':
      // Half a megabyte that every JSON parser takes, and that overflows any recursive walk.
      send(res, {
        status: 200,
        headers: { 'Content-Type': JSON_TYPE },
        body: '{"list":['.repeat(50_000) + ']}'.repeat(50_000),
      });
      return;
    case 'bad-utf8': {
      // Bytes no UTF-8 text holds (a lone continuation byte, 0xFE, a cut sequence), in a string
      // and between the values.
      const bytes = (text: string): number[] => [...Buffer.from(text)];
      res.writeHead(200, { 'Content-Type': `${JSON_TYPE}; charset=utf-8` });
      res.end(Buffer.from([...bytes('{"list":["'), 0x80, 0xfe, ...bytes('"]'), 0xe2, 0x28, 0x7d]));
      return;
    }
    case 'proxy-403':
    case 'proxy-404':
    case 'proxy-429':
    case 'proxy-502': {
      // Labelled exactly text/html, as nginx labels its pages and as the login page is labelled.
      const status = Number(kind.slice('proxy-'.length));
      const title = `${String(status)} ${STATUS_CODES[status] ?? ''}`;
      const body = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
      send(res, { status, headers: { 'Content-Type': 'text/html' }, body });
      return;
    }
    case 'reseller-limit':
      // The sandbox has no reseller limits of its own; this is the panel's answer when one is hit.
      send(res, {
        status: 492,
        headers: { 'Content-Type': JSON_TYPE },
        body: JSON.stringify({ type: 'RESELLER_EXCEEDS_LIMIT' }),
      });
      return;
  }
}

const MiB = 1024 * 1024;

// Writes `size` blanks and then {} to `out`, waiting for the client to drain, and stops as soon
// as the client goes away (as dactl does at its limit).
function flood(res: ServerResponse, out: Writable, size: number): void {
  const blanks = Buffer.alloc(MiB, ' ');
  let left = size;
  let gone = false;
  res.once('close', () => {
    gone = true;
  });
  const more = (): void => {
    while (!gone && left > 0) {
      const chunk = left >= blanks.length ? blanks : blanks.subarray(0, left);
      left -= chunk.length;
      if (!out.write(chunk)) {
        out.once('drain', more);
        return;
      }
    }
    if (!gone) out.end('{}');
  };
  more();
}
