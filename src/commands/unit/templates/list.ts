import { Argument, Command } from 'commander';
import { LeafCommand } from '../../../command.js';
import { UsageError } from '../../../errors.js';
import { placeholderHelp } from '../../../unit/builtin-apps.js';
import { routePlaceholderHelp } from '../../../unit/builtin-routes.js';
import {
  loadTemplates,
  templateKindNames,
  templateKinds,
  userTemplateFile,
  type TemplateKind,
} from '../../../unit/templates.js';
import { notes, withExamples } from '../../../help/text.js';

interface Row {
  kind: TemplateKind;
  name: string;
  source: string;
  description: string;
}

export const listCommand = (): Command =>
  withExamples(
    new LeafCommand('list')
      .alias('ls')
      .description('List the application and route templates: built in, and your own')
      .addArgument(new Argument('[kind]', 'only this set').choices(templateKindNames))
      .option('--template-file <file>', 'also read templates of the given kind from this file')
      .addHelpText(
        'after',
        notes(
          '\nYour own sets live in <config dir>/templates/unit_apps.json and unit_routes.json, shaped\n' +
            '{"<name>": {"description": "...", "application": {...}}} ("route": [...] for routes); an\n' +
            'entry replaces the built-in one of the same name. Application templates may use:\n' +
            placeholderHelp.map((l) => `  ${l}`).join('\n') +
            '\nRoute templates may use:\n' +
            routePlaceholderHelp.map((l) => `  ${l}`).join('\n'),
        ),
      )
      .local()
      .act(async (ctx, kind: TemplateKind | undefined, opts: { templateFile?: string }) => {
        if (opts.templateFile !== undefined && kind === undefined) {
          throw new UsageError(
            '--template-file needs the kind of its templates: apps or routes.',
            `e.g. dactl unit templates list apps --template-file ${opts.templateFile}`,
          );
        }
        const kinds = kind === undefined ? templateKindNames : [kind];
        const rows: Row[] = [];
        const data: Record<string, unknown>[] = [];
        for (const k of kinds) {
          const sources = { configDir: ctx.configDir, file: opts.templateFile };
          for (const t of loadTemplates(k, sources)) {
            rows.push({ kind: k, name: t.name, source: t.source, description: t.description });
            const extra = t.entry === undefined ? {} : { entry: t.entry };
            data.push({ ...rows.at(-1), ...extra, [templateKinds[k].member]: t.body });
          }
          if (ctx.format === 'table' && !rows.some((r) => r.kind === k)) {
            const what = k === 'apps' ? 'application' : 'route';
            ctx.log.info(
              `No ${what} templates yet: add your own in ${userTemplateFile(k, ctx.configDir)}.`,
            );
          }
        }
        await ctx.out.list(
          rows,
          [
            { key: 'kind', header: 'KIND' },
            { key: 'name', header: 'NAME' },
            { key: 'source', header: 'SOURCE' },
            { key: 'description', header: 'DESCRIPTION' },
          ],
          { data },
        );
      }),
    'dactl unit templates list',
    'dactl unit templates list apps -o json',
    'dactl unit templates list apps --template-file ./team-templates.json',
  );
