// Session login (facts page, third-party clients). CMD_LOGIN without credentials is the panel's
// login form; posting `username` and `password` to it starts a session: a 302 to `referer` with
// a `session` cookie. POST /api/login does the same in JSON (swagger: web.LoginRequest →
// web.LoginResult with Set-Cookie). Later requests may send the cookie instead of Basic auth.
// The `redirect` fault sends clients here, so one that follows redirects lands on a login page.

import { randomBytes } from 'node:crypto';
import { authenticate } from '../auth.js';
import { loginPageHtml } from '../login-page.js';
import { HTML_TYPE } from '../render.js';
import { badRequest, json, loginFailed, page } from '../reply.js';
import type { PublicHandler } from '../route.js';
import type { Store } from '../state.js';

export const loginPage: PublicHandler = (request, store) => {
  const { username, password } = request.params;
  if (request.method !== 'POST' || username === undefined || password === undefined) {
    return page(200, HTML_TYPE, loginPageHtml);
  }
  const auth = authenticate(store.state, { username, password });
  // A refused form login shows the form again, as the web interface does.
  if (!auth.ok) return page(200, HTML_TYPE, loginPageHtml, { 'X-DirectAdmin': 'Unauthorized' });
  const referer = request.params.referer ?? '/';
  return page(302, HTML_TYPE, '', {
    Location: referer.startsWith('/') ? referer : '/',
    'Set-Cookie': sessionCookie(startSession(store, username)),
  });
};

export const apiLogin: PublicHandler = (request, store) => {
  const body = request.body;
  const given = (key: string): unknown =>
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
  const username = given('username');
  const password = given('password');
  if (typeof username !== 'string' || typeof password !== 'string') {
    return badRequest('The JSON body needs "username" and "password" strings');
  }
  const auth = authenticate(store.state, { username, password });
  if (!auth.ok) return loginFailed(auth.reason);
  const sessionID = startSession(store, username);
  const redirect = given('redirectURL');
  const loginURL = typeof redirect === 'string' && redirect.startsWith('/') ? redirect : '/';
  return json({ loginURL, sessionID }, 200, { 'Set-Cookie': sessionCookie(sessionID) });
};

export function startSession(store: Store, chain: string): string {
  const id = randomBytes(20).toString('hex').toUpperCase();
  store.sessions.set(id, chain);
  return id;
}

export const sessionCookie = (id: string): string =>
  `session=${id}; Path=/; HttpOnly; SameSite=Strict`;
