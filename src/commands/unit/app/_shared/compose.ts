// Builds the definition `create` sends: from a template and the --dir / --entry answers (asked at
// a terminal when missing), or from --file; then --set; then --edit.
import type { AppDefinition } from '../../../../api/unit.js';
import type { Context } from '../../../../context.js';
import { UsageError } from '../../../../errors.js';
import { checkFlag } from '../../../../validate/settings.js';
import { appVars } from '../../../../unit/builtin-apps.js';
import { editJson } from '../../../../unit/editor.js';
import { parseJsonText } from '../../../../unit/json-text.js';
import { relativePath } from '../../../../unit/names.js';
import { applySets, type Assignment } from '../../../../unit/set-path.js';
import { fillPlaceholders, loadTemplates, placeholdersIn } from '../../../../unit/templates.js';
import { asDefinition, checkDefinition, readDefinitionFile } from './shared.js';

export interface ComposeOptions {
  template?: string;
  templateFile?: string;
  dir?: string;
  entry?: string;
  file?: string;
  edit?: boolean;
}

interface Target {
  name: string;
  domain: string;
  user: string;
}

export async function composeDefinition(
  ctx: Context,
  opts: ComposeOptions,
  target: Target,
  sets: Assignment[],
): Promise<AppDefinition> {
  if (opts.file !== undefined) {
    const flags = {
      template: '--template',
      templateFile: '--template-file',
      dir: '--dir',
      entry: '--entry',
    };
    const clash = (Object.keys(flags) as (keyof typeof flags)[]).find((k) => opts[k] !== undefined);
    if (clash) {
      throw new UsageError(
        `--file gives the whole definition; ${flags[clash]} works with a template only.`,
        'Change a definition from a file with --set key.path=value, or edit it with --edit.',
      );
    }
  }
  const base =
    opts.file !== undefined
      ? await readDefinitionFile(ctx, opts.file)
      : await fromTemplate(ctx, opts, target);
  const changed = applySets(base, sets);
  const file = `${target.domain}_${target.name}.json`;
  return opts.edit ? editDefinition(ctx, changed, file, sets.length > 0, target.user) : changed;
}

async function fromTemplate(
  ctx: Context,
  opts: ComposeOptions,
  target: Target,
): Promise<AppDefinition> {
  const templates = loadTemplates('apps', { configDir: ctx.configDir, file: opts.templateFile });
  const names = templates.map((t) => t.name);
  const chosen =
    opts.template ??
    (await ctx.prompts.select({
      message: 'Template',
      flag: '--template <name> (or --file <f>)',
      choices: templates.map((t) => ({ name: t.name, value: t.name, description: t.description })),
    }));
  const template = templates.find((t) => t.name === chosen);
  if (template === undefined) {
    throw new UsageError(
      `--template "${chosen}": no such template; choose one of ${names.join(', ')}.`,
      'See them with: dactl unit templates list apps',
    );
  }
  const used = placeholdersIn(template.body);
  const base = `/home/${target.user}/domains/${target.domain}/`;
  let dir = opts.dir;
  if (dir === undefined && used.has('dir')) {
    dir = await ctx.prompts.text({
      message: `Application directory (below ${base})`,
      flag: '--dir',
      default: target.name,
      validate: relativePath,
    });
  }
  if (dir !== undefined) checkFlag('--dir', dir, relativePath);
  let entry = opts.entry;
  if (entry === undefined && (used.has('entry') || used.has('module'))) {
    entry =
      template.entry !== undefined && !ctx.interactive
        ? template.entry
        : await ctx.prompts.text({
            message: `Entry script (in ${base}${dir ?? ''})`,
            flag: '--entry',
            default: template.entry,
            validate: relativePath,
          });
  }
  if (entry !== undefined) checkFlag('--entry', entry, relativePath);
  const vars = appVars({ ...target, dir: dir ?? '', entry: entry ?? '' });
  return asDefinition(fillPlaceholders(template, 'apps', vars), `Template "${template.name}"`);
}

/** Opens the definition in the editor; what comes back must be a valid definition. */
export function editDefinition(
  ctx: Context,
  app: AppDefinition,
  fileName: string,
  usedSet: boolean,
  account: string,
): Promise<AppDefinition> {
  return editJson(
    JSON.stringify(app, null, 2),
    {
      env: ctx.io.env,
      interactive: ctx.interactive,
      stdoutIsTty: (ctx.io.stdout as { isTTY?: boolean }).isTTY === true,
      fileName,
    },
    (text, source) =>
      checkDefinition(asDefinition(parseJsonText(text, source), source), usedSet, account),
  );
}
