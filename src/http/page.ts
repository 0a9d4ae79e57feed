// An HTML page where an API reply was expected: never data. The panel's login page is a refused
// login; any other page is an error page of the panel or of a proxy in front of it (nginx,
// Cloudflare, a firewall), judged by its status and named by its title, so that cron and
// monitoring are not sent after a password that is fine.
import { AuthError, DactlError, NetworkError, NotFoundError, PanelError } from '../errors.js';

/** The page's <title>, on one line, at most 100 characters; '' when it has none. */
export function pageTitle(body: string): string {
  const raw = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1] ?? '';
  return raw.replace(/\s+/g, ' ').trim().slice(0, 100);
}

/** The panel's login form: a title that says so, or a password field. */
export const isLoginPage = (body: string, title: string): boolean =>
  /log\s*in/i.test(title) || /<input[^>]+type=["']?password/i.test(body);

/**
 * DirectAdmin's one sentence for a legacy command that is unknown or above the account's level.
 * The panel gives nothing else to tell it by when it answers 200, so this is the one place that
 * reads a reply's words to decide.
 */
export const outsideAuthority = (words: string): boolean =>
  /does not exist in your authority level/i.test(words);

/** The panel's sentence for a command unknown (404) or above the account's level (any other). */
export const notForThisAccount = (status: number, words: string): AuthError | NotFoundError =>
  status === 404
    ? new NotFoundError(
        `The panel does not run this command for this account: ${words}`,
        'The command is unknown to this panel version, or above the account’s level (user, reseller, admin).',
      )
    : new AuthError(`The panel refused: ${words}`);

/** 5xx and 429: the server, not the request, is the trouble; exit 6, whoever answered. */
export function serverTrouble(status: number, words: string): NetworkError | undefined {
  const said = words ? `: ${words}` : '';
  if (status === 429) {
    return new NetworkError(
      `The panel, or a proxy in front of it, is limiting requests (HTTP 429${said}).`,
      'Wait a little and try again; runs started together (cron, a fleet) count together.',
    );
  }
  if (status >= 500)
    return new NetworkError(`The panel failed with HTTP ${String(status)}${said}.`);
  return undefined;
}

/** The error an HTML page that is not the login page stands for. */
export function errorPage(status: number, body: string, title: string): DactlError {
  const named = title && title !== String(status) ? `"${title}"` : '';
  const trouble = serverTrouble(status, named);
  if (trouble) return trouble;
  // The panel's own sentence, even in a page, is the panel speaking.
  if (outsideAuthority(body)) {
    return notForThisAccount(status, 'the command does not exist in your authority level');
  }
  const page = [named, status === 200 ? '' : `HTTP ${String(status)}`].filter(Boolean).join(', ');
  const shown = page ? ` (${page})` : '';
  if (status === 404) return new NotFoundError(`The panel does not know this path${shown}.`);
  if (status === 403) {
    return new PanelError(
      `The panel, or a proxy in front of it, refused the request with a web page${shown}.`,
      'A web page is not how the panel refuses credentials or permissions: a firewall, proxy or web-server rule in front of it (or its IP blacklist) turned the request away. Check the URL, and the server’s access rules.',
      status,
    );
  }
  return new PanelError(
    `The panel answered with a web page${shown} instead of data.`,
    'Check that the URL points at the panel itself (usually port 2222), not at a website.',
    status,
  );
}
