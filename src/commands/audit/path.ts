import { Command } from 'commander';
import { LeafCommand } from '../../command.js';
import { auditOff, trailPlace } from '../../audit/path.js';
import { notes, withExamples } from '../../help/text.js';

export const pathCommand = (): Command =>
  withExamples(
    new LeafCommand('path')
      .description('Print where the audit trail is (DACTL_AUDIT_FILE moves it)')
      .addHelpText(
        'after',
        notes(
          '\n$XDG_STATE_HOME/dactl/audit.jsonl, ~/.local/state/dactl/audit.jsonl by default;\n' +
            'DACTL_AUDIT_FILE moves it, DACTL_AUDIT=off stops it. The file before the last rotation\n' +
            'is beside it, as audit.jsonl.1. -o json also says whether changes are recorded.',
        ),
      )
      .local()
      .act(async (ctx) => {
        const env = ctx.io.env;
        const { file } = trailPlace(env);
        const recording = !auditOff(env);
        if (ctx.format === 'table') {
          ctx.out.line(file);
          if (!recording) ctx.log.info('DACTL_AUDIT is off: nothing new is recorded there.');
          return;
        }
        await ctx.out.record({ path: file, recording }, [
          { key: 'path', header: 'Path' },
          { key: 'recording', header: 'Recording' },
        ]);
      }),
    'dactl audit path',
    'tail -f "$(dactl audit path)"',
    'DACTL_AUDIT_FILE=/var/log/dactl/audit.jsonl dactl audit path -o json',
  );
