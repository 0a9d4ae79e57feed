// What dactl says for each way a panel, or a proxy in front of it, answers no: (status, headers,
// body) on a legacy CMD_* path and on /api/* → (exit code, words). Only the login page, a 401 or
// `X-DirectAdmin: Unauthorized` is a refused login (exit 3); a proxy's error page is its status.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeReply, type RawReply, type Tier } from '../../src/http/decode.js';
import { DactlError, LoginRefusedError } from '../../src/errors.js';
import { loginPageHtml } from '../../src/sandbox/login-page.js';

const html = 'text/html';
const htmlUtf8 = 'text/html; charset=UTF-8';
const jsonType = 'application/json';
const text = 'text/plain; charset=utf-8';

/** nginx's own error page, labelled exactly text/html like the panel's login page. */
const nginx = (title: string): string =>
  `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
const page = (title: string): string =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><p>${title}</p></body></html>`;
const authority =
  "The request you've made cannot be executed because it does not exist in your authority level";

type Row = [
  what: string,
  tier: Tier,
  status: number,
  headers: RawReply['headers'],
  body: string,
  exit: number,
  words: RegExp,
];

const loginPage =
  /did not accept the credentials of profile "t" \(admin\): it answered with its login page/;

const rows: Row[] = [
  // The login page: exit 3, however it is labelled.
  ['login page', 'legacy', 200, { 'content-type': html }, loginPageHtml, 3, loginPage],
  [
    'login page + header',
    'legacy',
    200,
    { 'content-type': html, 'x-directadmin': 'Unauthorized' },
    loginPageHtml,
    3,
    loginPage,
  ],
  ['login page, 401', 'legacy', 401, { 'content-type': html }, loginPageHtml, 3, loginPage],
  ['login page, charset', 'legacy', 200, { 'content-type': htmlUtf8 }, loginPageHtml, 3, loginPage],
  ['login page on /api', 'new', 200, { 'content-type': html }, loginPageHtml, 3, loginPage],
  ['bare text/html, 200', 'legacy', 200, { 'content-type': html }, '<p>x</p>', 3, loginPage],
  [
    'a page with the header, 500',
    'legacy',
    500,
    { 'content-type': html, 'x-directadmin': 'Unauthorized' },
    loginPageHtml,
    3,
    loginPage,
  ],
  // A proxy's page on CMD_*, labelled exactly text/html: its status, never "the credentials".
  [
    'nginx 403',
    'legacy',
    403,
    { 'content-type': html },
    nginx('403 Forbidden'),
    5,
    /proxy in front of it, refused the request with a web page \("403 Forbidden", HTTP 403\)/,
  ],
  [
    'nginx 404',
    'legacy',
    404,
    { 'content-type': html },
    nginx('404 Not Found'),
    4,
    /does not know this path \("404 Not Found", HTTP 404\)/,
  ],
  [
    'nginx 429',
    'legacy',
    429,
    { 'content-type': html },
    nginx('429 Too Many Requests'),
    6,
    /limiting requests \(HTTP 429: "429 Too Many Requests"\)/,
  ],
  [
    'nginx 500',
    'legacy',
    500,
    { 'content-type': html },
    nginx('500 Internal Server Error'),
    6,
    /failed with HTTP 500: "500 Internal Server Error"/,
  ],
  [
    'nginx 502',
    'legacy',
    502,
    { 'content-type': html },
    nginx('502 Bad Gateway'),
    6,
    /failed with HTTP 502: "502 Bad Gateway"/,
  ],
  [
    'nginx 503',
    'legacy',
    503,
    { 'content-type': html },
    nginx('503 Service Temporarily Unavailable'),
    6,
    /HTTP 503: "503 Service Temporarily Unavailable"/,
  ],
  [
    'nginx 504',
    'legacy',
    504,
    { 'content-type': html },
    nginx('504 Gateway Time-out'),
    6,
    /HTTP 504: "504 Gateway Time-out"/,
  ],
  [
    'bare text/html, 502',
    'legacy',
    502,
    { 'content-type': html },
    '<p>down</p>',
    6,
    /failed with HTTP 502\.$/,
  ],
  [
    'bare text/html, 403',
    'legacy',
    403,
    { 'content-type': html },
    '',
    5,
    /refused the request with a web page \(HTTP 403\)/,
  ],
  [
    'bare text/html, 404',
    'legacy',
    404,
    { 'content-type': html },
    '',
    4,
    /does not know this path \(HTTP 404\)/,
  ],
  // Pages with a charset (Cloudflare, Apache) on CMD_*.
  [
    'page 403',
    'legacy',
    403,
    { 'content-type': htmlUtf8 },
    page('Access denied'),
    5,
    /web page \("Access denied", HTTP 403\)/,
  ],
  [
    'page 404',
    'legacy',
    404,
    { 'content-type': htmlUtf8 },
    page('Not Found'),
    4,
    /does not know this path \("Not Found", HTTP 404\)/,
  ],
  [
    'page 429',
    'legacy',
    429,
    { 'content-type': htmlUtf8 },
    page('Rate limited'),
    6,
    /limiting requests/,
  ],
  ['page 500', 'legacy', 500, { 'content-type': htmlUtf8 }, page('Oops'), 6, /HTTP 500: "Oops"/],
  [
    'page 521',
    'legacy',
    521,
    { 'content-type': htmlUtf8 },
    page('Web server is down'),
    6,
    /HTTP 521: "Web server is down"/,
  ],
  [
    'page 200',
    'legacy',
    200,
    { 'content-type': htmlUtf8 },
    page('Welcome'),
    5,
    /web page \("Welcome"\) instead of data/,
  ],
  [
    'page 400',
    'legacy',
    400,
    { 'content-type': htmlUtf8 },
    page('Bad Request'),
    5,
    /web page \("Bad Request", HTTP 400\) instead of data/,
  ],
  [
    'page 401 (a proxy)',
    'legacy',
    401,
    { 'content-type': htmlUtf8 },
    page('401 Authorization Required'),
    3,
    /proxy in front of it, refused the login of profile "t" \(admin\) \(HTTP 401, "401 Authorization Required"\)/,
  ],
  [
    'the panel’s sentence in a 403 page',
    'legacy',
    403,
    { 'content-type': htmlUtf8 },
    page(authority),
    3,
    /The panel refused: the command does not exist in your authority level/,
  ],
  [
    'the panel’s sentence in a 404 page',
    'legacy',
    404,
    { 'content-type': htmlUtf8 },
    page(authority),
    4,
    /does not run this command for this account/,
  ],
  [
    'unlabelled HTML',
    'legacy',
    502,
    { 'content-type': '' },
    nginx('502 Bad Gateway'),
    6,
    /HTTP 502: "502 Bad Gateway"/,
  ],
  // Legacy JSON errors (json=yes).
  [
    'JSON error, 200',
    'legacy',
    200,
    { 'content-type': jsonType },
    '{"error":"Cannot Create Account","result":"That username already exists on the system"}',
    5,
    /^Cannot Create Account: That username already exists on the system$/,
  ],
  [
    'JSON error, 400',
    'legacy',
    400,
    { 'content-type': jsonType },
    '{"error":"Cannot Create Account","result":"Package not found"}',
    5,
    /^Cannot Create Account: Package not found$/,
  ],
  [
    'JSON error, 401',
    'legacy',
    401,
    { 'content-type': jsonType, 'x-directadmin': 'Unauthorized' },
    '{"error":"Login failed","result":"Invalid username or password"}',
    3,
    /refused the login of profile "t" \(admin\): Login failed: Invalid username or password$/,
  ],
  [
    'JSON sentence, 403',
    'legacy',
    403,
    { 'content-type': jsonType },
    JSON.stringify({ error: authority, result: '' }),
    3,
    /^The panel refused: The request you've made/,
  ],
  [
    'JSON sentence, 404',
    'legacy',
    404,
    { 'content-type': jsonType },
    JSON.stringify({ error: authority, result: '' }),
    4,
    /does not run this command for this account/,
  ],
  [
    'JSON sentence, 200',
    'legacy',
    200,
    { 'content-type': jsonType },
    JSON.stringify({ error: authority, result: '' }),
    3,
    /^The panel refused/,
  ],
  [
    'JSON key refusal, 403',
    'legacy',
    403,
    { 'content-type': jsonType },
    '{"error":"Access Denied","result":"This login key may not use CMD_API_SHOW_USERS"}',
    3,
    /may not use CMD_API_SHOW_USERS/,
  ],
  [
    'JSON error, 429',
    'legacy',
    429,
    { 'content-type': jsonType },
    '{"error":"Too many requests","result":""}',
    6,
    /limiting requests \(HTTP 429: Too many requests\)/,
  ],
  [
    'JSON error, 500',
    'legacy',
    500,
    { 'content-type': jsonType },
    '{"error":"Internal Server Error","result":"boom"}',
    6,
    /HTTP 500: Internal Server Error: boom/,
  ],
  [
    'JSON error, 503',
    'legacy',
    503,
    { 'content-type': jsonType },
    '{"error":"Unavailable","result":""}',
    6,
    /HTTP 503: Unavailable/,
  ],
  // Legacy URL-encoded errors (error=1), with 200 (older panels) or a status.
  [
    'error=1, 200',
    'legacy',
    200,
    { 'content-type': text },
    'error=1&text=Cannot%20Create%20Account&details=That%20domain%20already%20exists',
    5,
    /^Cannot Create Account: That domain already exists$/,
  ],
  [
    'error=1, 401',
    'legacy',
    401,
    { 'content-type': text, 'x-directadmin': 'Unauthorized' },
    'error=1&text=Login%20failed&details=admin%20may%20not%20log%20in%20as%20%22fredd%22',
    3,
    /refused the login of profile "t" \(admin\): Login failed: admin may not log in as "fredd"$/,
  ],
  [
    'error=1 sentence, 200',
    'legacy',
    200,
    { 'content-type': text },
    `error=1&text=${encodeURIComponent(authority)}`,
    3,
    /^The panel refused/,
  ],
  [
    'error=1 sentence, 404',
    'legacy',
    404,
    { 'content-type': text },
    `error=1&text=${encodeURIComponent(authority)}`,
    4,
    /does not run this command/,
  ],
  [
    'error=1, 429',
    'legacy',
    429,
    { 'content-type': text },
    'error=1&text=Slow%20down',
    6,
    /limiting requests \(HTTP 429: Slow down\)/,
  ],
  [
    'error=1, 500',
    'legacy',
    500,
    { 'content-type': text },
    'error=1&text=Error&details=Disk%20full',
    6,
    /HTTP 500: Error: Disk full/,
  ],
  ['empty 401', 'legacy', 401, {}, '', 3, /refused the login of profile "t" \(admin\)\.$/],
  ['empty 429', 'legacy', 429, {}, '', 6, /limiting requests \(HTTP 429\)/],
  ['empty 502', 'legacy', 502, {}, '', 6, /failed with HTTP 502\.$/],
  // The new API: typed JSON errors, and the same proxy pages.
  [
    'BAD_REQUEST',
    'new',
    400,
    { 'content-type': jsonType },
    '{"type":"BAD_REQUEST","message":"filePath is required"}',
    5,
    /^filePath is required$/,
  ],
  [
    'bare UNAUTHORIZED',
    'new',
    401,
    { 'content-type': jsonType },
    '{"type":"UNAUTHORIZED"}',
    3,
    /refused the login of profile "t" \(admin\)\.$/,
  ],
  [
    'UNAUTHORIZED with words',
    'new',
    401,
    { 'content-type': jsonType },
    '{"type":"UNAUTHORIZED","message":"This login key may not be used from 192.0.2.7"}',
    3,
    /refused the login of profile "t" \(admin\): This login key may not be used from 192\.0\.2\.7$/,
  ],
  [
    'ACCESS_DENIED',
    'new',
    403,
    { 'content-type': jsonType },
    '{"type":"ACCESS_DENIED"}',
    3,
    /^The panel refused: Access denied$/,
  ],
  [
    'NOT_FOUND',
    'new',
    404,
    { 'content-type': jsonType },
    '{"type":"NOT_FOUND","message":"No such user"}',
    4,
    /^Not found: No such user$/,
  ],
  [
    '429 typed',
    'new',
    429,
    { 'content-type': jsonType },
    '{"type":"TOO_MANY_REQUESTS"}',
    6,
    /limiting requests \(HTTP 429: Too many requests\)/,
  ],
  [
    '490',
    'new',
    490,
    { 'content-type': jsonType },
    '{"type":"WORDPRESS_ALREADY_INSTALLED"}',
    5,
    /^Wordpress already installed$/,
  ],
  [
    'INTERNAL_ERROR',
    'new',
    500,
    { 'content-type': jsonType },
    '{"type":"INTERNAL_ERROR"}',
    6,
    /HTTP 500: Internal error/,
  ],
  [
    'nginx 403 on /api',
    'new',
    403,
    { 'content-type': html },
    nginx('403 Forbidden'),
    5,
    /refused the request with a web page \("403 Forbidden", HTTP 403\)/,
  ],
  [
    'nginx 404 on /api',
    'new',
    404,
    { 'content-type': html },
    nginx('404 Not Found'),
    4,
    /does not know this path/,
  ],
  [
    'nginx 429 on /api',
    'new',
    429,
    { 'content-type': html },
    nginx('429 Too Many Requests'),
    6,
    /limiting requests/,
  ],
  [
    'nginx 502 on /api',
    'new',
    502,
    { 'content-type': html },
    nginx('502 Bad Gateway'),
    6,
    /HTTP 502: "502 Bad Gateway"/,
  ],
  [
    'page 200 on /api',
    'new',
    200,
    { 'content-type': html },
    '<p>x</p>',
    5,
    /web page instead of data/,
  ],
  ['empty 404 on /api', 'new', 404, {}, '', 4, /does not know this path \(HTTP 404\)/],
  ['empty 429 on /api', 'new', 429, {}, '', 6, /limiting requests/],
  ['empty 503 on /api', 'new', 503, {}, '', 6, /failed with HTTP 503\.$/],
];

const outcome = (row: Row): { exit: number; message: string; error: unknown } => {
  const [, tier, status, headers, body] = row;
  try {
    decodeReply({ status, headers, body }, { tier, who: 'profile "t" (admin)', url: 'http://p' });
  } catch (error) {
    if (error instanceof DactlError) return { exit: error.exitCode, message: error.message, error };
    throw error;
  }
  return { exit: 0, message: '(data)', error: undefined };
};

describe('what a refusal says, by status, headers and body', () => {
  for (const row of rows) {
    const [what, tier, status, , , exit, words] = row;
    it(`${what} (${tier === 'new' ? '/api' : 'CMD_*'}, ${String(status)}) → exit ${String(exit)}`, () => {
      const got = outcome(row);
      assert.equal(got.exit, exit, got.message);
      assert.match(got.message, words);
    });
  }

  it('only a login, never an error page, may be asked again with another password', () => {
    for (const row of rows) {
      const { exit, message, error } = outcome(row);
      // Exit 3 is also a permission the login lacks, which another password would not fix.
      const permission = message.startsWith('The panel refused:');
      assert.equal(error instanceof LoginRefusedError, exit === 3 && !permission, row[0]);
    }
  });

  it('keeps the panel’s words of a refused login apart, for the commands that explain it', () => {
    const { error } = outcome(rows.find((r) => r[0] === 'error=1, 401') as Row);
    assert.ok(error instanceof LoginRefusedError);
    assert.equal(error.said, 'Login failed: admin may not log in as "fredd"');
  });
});
