// The panel URL of login and profile add, from --url or asked: one without a scheme is taken as
// https:// (normaliseUrl), and the run says so, since http:// is the other one a panel may use.
import type { Context } from '../../context.js';
import { checkFlag, hasScheme, normaliseUrl, panelUrl } from '../../validate/settings.js';

const urlQuestion = 'Panel URL (https:// unless you type http://)';

/** The checked, normalised panel URL: `given` (--url or a saved profile's), or the answer. */
export async function panelUrlOf(ctx: Context, given: string | undefined): Promise<string> {
  const typed =
    given ??
    (await ctx.prompts.text({
      message: urlQuestion,
      flag: '--url',
      validate: (v) => panelUrl(normaliseUrl(v)),
    }));
  const url = checkFlag('--url', normaliseUrl(typed), panelUrl);
  if (!hasScheme(typed)) ctx.log.info(`No scheme given: using ${url}.`);
  return url;
}
