// `dactl version` (and `dactl --version`): dactl's version, Node's, and the platform.
import { Command } from 'commander';
import { LeafCommand } from '../command.js';
import { versionLine, versions } from '../version.js';
import { withExamples } from '../help/text.js';

export const versionCommand = (): Command =>
  withExamples(
    new LeafCommand('version')
      .description('Print the versions of dactl and Node.js, and the platform')
      .local()
      .act(async (ctx) => {
        const found = versions();
        if (ctx.format === 'table') {
          ctx.out.line(versionLine(found));
          return;
        }
        await ctx.out.record(found, [
          { key: 'version', header: 'Version' },
          { key: 'node', header: 'Node.js' },
          { key: 'platform', header: 'Platform' },
          { key: 'arch', header: 'Arch' },
        ]);
      }),
    'dactl version',
    'dactl --version',
    'dactl version -o json',
  );
