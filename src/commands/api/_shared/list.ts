// `dactl api --list [filter]`: the new API's operations as a table (data with -o json/yaml/tsv),
// from the panel's own description or, with --offline, the copy shipped with dactl.
import {
  filterOperations,
  panelOperations,
  shippedOperations,
  type Operation,
} from '../../../api/swagger.js';
import type { Context } from '../../../context.js';

export async function listOperations(
  ctx: Context,
  filter: string | undefined,
  offline: boolean,
): Promise<void> {
  const all = offline ? await shippedOperations() : await panelOperations(await ctx.client());
  const operations = filterOperations(all, filter);
  await ctx.out.list<Operation>(
    operations,
    [
      { key: 'method', header: 'METHOD' },
      { key: 'path', header: 'PATH' },
      { key: 'summary', header: 'SUMMARY' },
    ],
    {
      empty: filter
        ? `No operation matches "${filter}".`
        : 'The API description lists no operations.',
    },
  );
}
