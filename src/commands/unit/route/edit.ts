import { Command } from 'commander';
import { LeafCommand } from '../../../command.js';
import { DactlError } from '../../../errors.js';
import { editUntilValid, type Verdict } from '../../../unit/edit-loop.js';
import { parseJsonText } from '../../../unit/json-text.js';
import { validateRoute } from '../../../unit/route-validate.js';
import { notes, withExamples } from '../../../help/text.js';
import { applyRoute } from './_shared/apply.js';
import {
  actingUser,
  fetchSettings,
  routeTarget,
  scopeOf,
  type TargetOptions,
} from './_shared/shared.js';

export const editCommand = (): Command =>
  withExamples(
    new LeafCommand('edit')
      .description('Edit the route in your editor until it is valid, then send it')
      .option('--domain <domain>', 'the domain (for a subdomain: its parent domain)')
      .option('--subdomain <sub>', 'the route set of this subdomain (shop or shop.<domain>)')
      .addHelpText(
        'after',
        notes(
          '\nThe editor ($VISUAL, then $EDITOR, then vi at a terminal) opens on the current route.\n' +
            'When what you save is not valid, it opens again with the problems on top as\n' +
            '"// error:" lines. To give up, save an empty file, or save it unchanged after an error:\n' +
            'the run then ends with exit 130 and nothing is sent.',
        ),
      )
      .act(async (ctx, opts: TargetOptions) => {
        const target = await routeTarget(ctx, opts);
        const user = await actingUser(ctx);
        const settings = await fetchSettings(ctx, target, user);
        const scope = scopeOf(ctx, target, user, settings);
        const judge = (text: string, source: string): Verdict<unknown[]> => {
          let route: unknown;
          try {
            route = parseJsonText(text, source);
          } catch (error) {
            if (error instanceof DactlError) return { ok: false, problems: [error.message] };
            throw error;
          }
          const problems = validateRoute(route, scope);
          return problems.length === 0 && Array.isArray(route)
            ? { ok: true, value: route }
            : { ok: false, problems };
        };
        const next = await editUntilValid(
          JSON.stringify(settings.route, null, 2),
          {
            env: ctx.io.env,
            interactive: ctx.interactive,
            stdoutIsTty: (ctx.io.stdout as { isTTY?: boolean }).isTTY === true,
            fileName: `${target.set}.route.json`,
          },
          judge,
          (message) => {
            ctx.log.warn(message);
          },
        );
        await applyRoute(ctx, target, user, settings.route, next);
      }),
    'dactl unit route edit --domain fred.example',
    'dactl unit route edit --domain fred.example --subdomain shop',
    'EDITOR="code --wait" dactl unit route edit --as fred --domain fred.example',
  );
