// Reply → HTTP. This is where the panel's reply conventions live (facts page, "Legacy API
// replies" and "New API"): JSON or URL-encoded legacy bodies, the new API's typed errors, and
// the two [open] behaviours switched by the sandbox modes.

import type { ServerResponse } from 'node:http';
import { loginPageHtml } from './login-page.js';
import type { Reply } from './reply.js';
import type { SandboxRequest } from './request.js';
import type { SandboxModes } from './types.js';
import { encodeFields } from './urlencoded.js';

interface Rendered {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Only these two facts about the request decide the shape of a reply. */
type ReplyTarget = Pick<SandboxRequest, 'family' | 'wantsJson'>;

export const JSON_TYPE = 'application/json';
export const HTML_TYPE = 'text/html; charset=utf-8';
// The login page's label: exactly this, which clients take as "login refused" (facts page).
const LOGIN_PAGE_TYPE = 'text/html';
// The real panel labels its URL-encoded replies text/plain, not x-www-form-urlencoded.
const URLENCODED_TYPE = 'text/plain; charset=utf-8';

export function render(reply: Reply, to: ReplyTarget, modes: SandboxModes): Rendered {
  // The new API always speaks JSON; the legacy one only when asked with json=yes.
  const asJson = to.family === 'api' || to.wantsJson;
  switch (reply.kind) {
    case 'success':
      return asJson
        ? jsonBody(200, { success: reply.text, result: reply.details, ...reply.extra })
        : form(200, [
            ['error', '0'],
            ['text', reply.text],
            ['details', reply.details],
          ]);
    case 'list':
      return asJson
        ? jsonBody(200, reply.items)
        : form(
            200,
            reply.items.map((u) => ['list[]', u]),
          );
    case 'json':
      return withHeaders(jsonBody(reply.status, reply.body), reply.headers);
    case 'fields':
      return asJson ? jsonBody(200, reply.fields) : form(200, Object.entries(reply.fields));
    case 'data':
      return asJson
        ? jsonBody(200, reply.body)
        : { status: 200, headers: { 'Content-Type': HTML_TYPE }, body: skinPage(reply.title) };
    case 'page':
      return {
        status: reply.status,
        headers: { 'Content-Type': reply.contentType, ...reply.headers },
        body: reply.body,
      };
    case 'error': {
      if (to.family === 'api') {
        return jsonBody(reply.status, { type: reply.type, message: reply.details || reply.text });
      }
      // Older panels answer legacy errors with 200 and only the body says error (mode `ok`).
      const status = modes.legacyErrors === 'ok' ? 200 : reply.status;
      return legacyError(status, reply.text, reply.details, asJson);
    }
    case 'login-failed':
      return loginFailed(reply.reason, to, asJson, modes);
  }
}

function loginFailed(
  reason: string,
  to: ReplyTarget,
  asJson: boolean,
  modes: SandboxModes,
): Rendered {
  // Some panels show a legacy command the login form with 200, labelled exactly text/html and
  // with the header clients look for. The new API answers 401 in every mode (its swagger says so).
  if (modes.badCredentials === 'login-page' && to.family !== 'api') {
    return {
      status: 200,
      headers: { 'Content-Type': LOGIN_PAGE_TYPE, 'X-DirectAdmin': 'Unauthorized' },
      body: loginPageHtml,
    };
  }
  const rendered =
    to.family === 'api'
      ? jsonBody(401, { type: 'UNAUTHORIZED', message: reason })
      : legacyError(401, 'Login failed', reason, asJson);
  rendered.headers['X-DirectAdmin'] = 'Unauthorized';
  return rendered;
}

function legacyError(status: number, text: string, details: string, asJson: boolean): Rendered {
  return asJson
    ? jsonBody(status, { error: text, result: details })
    : form(status, [
        ['error', '1'],
        ['text', text],
        ['details', details],
      ]);
}

// The web interface's page for a command, reduced to what tells a client it is not data.
const skinPage = (title: string): string =>
  `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>\n`;

function withHeaders(rendered: Rendered, headers: Record<string, string> | undefined): Rendered {
  return headers ? { ...rendered, headers: { ...rendered.headers, ...headers } } : rendered;
}

function jsonBody(status: number, value: unknown): Rendered {
  return { status, headers: { 'Content-Type': JSON_TYPE }, body: JSON.stringify(value) };
}

function form(status: number, pairs: readonly (readonly [string, string])[]): Rendered {
  return { status, headers: { 'Content-Type': URLENCODED_TYPE }, body: encodeFields(pairs) };
}

/** Writes a rendered reply with an exact Content-Length, as the panel does (no chunking). */
export function send(res: ServerResponse, rendered: Rendered): void {
  res.writeHead(rendered.status, {
    ...rendered.headers,
    'Content-Length': String(Buffer.byteLength(rendered.body)),
  });
  res.end(rendered.body);
}
