// Where `set` gets the new route: --file (or stdin), a template filled from --var (asked at a
// terminal when missing), the editor, or at a terminal with none of these a choice among them.
import type { RouteSettings } from '../../../../api/unit-routes.js';
import type { Context } from '../../../../context.js';
import { UsageError } from '../../../../errors.js';
import { checkFlag } from '../../../../validate/settings.js';
import { askedVars, routeVars, routeVarSpecs } from '../../../../unit/builtin-routes.js';
import { editJson } from '../../../../unit/editor.js';
import { parseJsonText } from '../../../../unit/json-text.js';
import { appName } from '../../../../unit/names.js';
import { offeredTargets } from '../../../../unit/route-scope.js';
import { fillPlaceholders, loadTemplates, placeholdersIn } from '../../../../unit/templates.js';
import { checkRoute, readRouteFile, scopeOf, type SetTarget } from './shared.js';

export interface ComposeOptions {
  file?: string;
  template?: string;
  templateFile?: string;
  var?: string[];
  edit?: boolean;
}

interface Sources {
  target: SetTarget;
  user: string;
  /** The panel's settings, fetched on first use. */
  settings: () => Promise<RouteSettings>;
}

type Choice = { template: string } | { edit: true };

export async function composeRoute(
  ctx: Context,
  opts: ComposeOptions,
  src: Sources,
): Promise<unknown> {
  let choice: Choice | undefined;
  if (opts.file === undefined && opts.template === undefined && !opts.edit) {
    choice = await choose(ctx, opts);
    if ('edit' in choice && opts.var !== undefined)
      ctx.log.warn('--var fills a template; ignored.');
  }
  const template = opts.template ?? (choice && 'template' in choice ? choice.template : undefined);
  let route: unknown;
  if (opts.file !== undefined) route = await readRouteFile(ctx, opts.file, '--file');
  else if (template !== undefined) route = await fromTemplate(ctx, template, opts, src);
  else route = (await src.settings()).route;
  if (!opts.edit && !(choice && 'edit' in choice)) return route;
  const settings = await src.settings();
  return editJson(
    JSON.stringify(route, null, 2),
    {
      env: ctx.io.env,
      interactive: ctx.interactive,
      stdoutIsTty: (ctx.io.stdout as { isTTY?: boolean }).isTTY === true,
      fileName: `${src.target.set}.route.json`,
    },
    (text, source) =>
      checkRoute(parseJsonText(text, source), scopeOf(ctx, src.target, src.user, settings)),
  );
}

async function choose(ctx: Context, opts: ComposeOptions): Promise<Choice> {
  const templates = loadTemplates('routes', { configDir: ctx.configDir, file: opts.templateFile });
  return ctx.prompts.select<Choice>({
    message: 'The new route',
    flag: '--file <f>, --template <name> or --edit',
    choices: [
      ...templates.map((t) => ({
        name: `Template ${t.name}`,
        value: { template: t.name },
        description: t.description,
      })),
      {
        name: 'Edit in $VISUAL / $EDITOR',
        value: { edit: true },
        description: 'Start from the current route',
      },
    ],
  });
}

/** `--var key=value`, repeatable. */
function parseVars(pairs: readonly string[]): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? '' : pair.slice(0, eq);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) {
      throw new UsageError(`--var "${pair}": use name=value, e.g. --var app=shop.`);
    }
    vars[key] = pair.slice(eq + 1);
  }
  return vars;
}

async function fromTemplate(
  ctx: Context,
  name: string,
  opts: ComposeOptions,
  src: Sources,
): Promise<unknown> {
  const templates = loadTemplates('routes', { configDir: ctx.configDir, file: opts.templateFile });
  const template = templates.find((t) => t.name === name);
  if (template === undefined) {
    throw new UsageError(
      `--template "${name}": no such route template; choose one of ${templates.map((t) => t.name).join(', ')}.`,
      'See them with: dactl unit templates list routes',
    );
  }
  const { target, user } = src;
  const auto = routeVars({ user, domain: target.domain, subdomain: target.subdomain });
  const given = parseVars(opts.var ?? []);
  const used = placeholdersIn(template.body);
  for (const key of Object.keys(given).filter((k) => !used.has(k))) {
    const uses = [...used].map((u) => `\${${u}}`).join(', ') || 'no placeholders';
    throw new UsageError(`--var ${key}: template "${name}" has no \${${key}}; it uses ${uses}.`);
  }
  if (given.app !== undefined) {
    // `fred.example_shop` is the live name of `shop`; either is fine.
    const app = given.app.replace(new RegExp(`^${target.domain.replace(/\./g, '\\.')}_`), '');
    given.app = checkFlag('--var app', app, appName);
  }
  const vars: Record<string, string> = { ...auto, ...given };
  for (const key of askedVars(used, vars)) vars[key] = await askVar(ctx, key, auto, src);
  return fillPlaceholders(template, 'routes', vars);
}

async function askVar(
  ctx: Context,
  key: string,
  auto: Record<string, string>,
  src: Sources,
): Promise<string> {
  const spec = Object.hasOwn(routeVarSpecs, key) ? routeVarSpecs[key] : undefined;
  const fallback = spec?.default === undefined ? undefined : auto[spec.default];
  if (fallback !== undefined && !ctx.interactive) return fallback;
  const flag = `--var ${key}=<value>`;
  if (key === 'app' && ctx.interactive) {
    const domain = src.target.domain;
    const apps = [...offeredTargets((await src.settings()).applications, domain)]
      .filter((a) => a.startsWith(`${domain}_`) && !a.includes('/'))
      .map((a) => a.slice(domain.length + 1));
    if (apps.length > 0) {
      return ctx.prompts.select({
        message: spec?.message ?? key,
        flag,
        choices: apps.map((a) => ({ name: a, value: a, description: `${domain}_${a}` })),
      });
    }
  }
  return ctx.prompts.text({
    message: spec?.message ?? key,
    flag,
    default: fallback,
    validate: spec?.check,
  });
}
