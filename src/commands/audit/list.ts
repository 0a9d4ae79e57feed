import { Command, Option } from 'commander';
import { LeafCommand } from '../../command.js';
import { outcomes, type Entry } from '../../audit/entry.js';
import { auditOff, trailPlace } from '../../audit/path.js';
import { matches, readTrail, type Filters } from '../../audit/read.js';
import { sinceTime } from '../../validate/time.js';
import type { Column } from '../../output/writer.js';
import { notes, withExamples } from '../../help/text.js';

interface Flags {
  since?: string;
  command?: string;
  outcome?: string;
}

// The table shows who, where and what in short; JSON and YAML carry each entry whole.
const columns: Column<Entry>[] = [
  { key: 'time', header: 'TIME', show: (_, e) => e.time.replace(/\.\d+Z$/, 'Z') },
  {
    key: 'user',
    header: 'USER',
    show: (_, e) => (e.sudoUser ? `${e.user} (${e.sudoUser})` : e.user),
    raw: ['user', 'sudoUser'],
  },
  { key: 'profile', header: 'PROFILE', show: (_, e) => e.profile ?? '' },
  {
    key: 'login',
    header: 'ACCOUNT',
    show: (_, e) => [e.login, e.as].filter((a) => a !== undefined).join(' as '),
    raw: ['login', 'as'],
  },
  { key: 'command', header: 'COMMAND' },
  {
    key: 'method',
    header: 'CHANGE',
    show: (_, e) => `${e.method} ${e.path}`,
    raw: ['method', 'panel', 'path'],
  },
  { key: 'outcome', header: 'OUTCOME' },
];

export const listCommand = (): Command =>
  withExamples(
    new LeafCommand('list')
      .alias('ls')
      .description('List the changes dactl sent, oldest first, with how each ended')
      .option('--since <when>', 'only changes since then: 30m, 2h, 7d, 1w, or a date (2026-11-01)')
      .option('--command <command>', "only this command, or group ('unit app restart', 'unit')")
      .addOption(new Option('--outcome <outcome>', 'only changes that ended so').choices(outcomes))
      .addHelpText(
        'after',
        notes(
          '\nReads the audit trail (dactl audit path) and the file before its last rotation.\n' +
            '--profile keeps the changes sent with that saved profile. Each entry says when (UTC),\n' +
            'who (the local user, and who ran sudo), on which host, the command line and the fields\n' +
            'sent with secrets masked, the panel, login and account acted as, and the outcome:\n' +
            '  done                the panel did it\n' +
            '  refused             the panel said no, in its words (said)\n' +
            '  may-have-been-made  no clear answer (lost, cut off, a 5xx): check on the panel\n' +
            '  not-sent            nothing reached the panel\n' +
            'A line that is not an entry is skipped with a warning naming it.',
        ),
      )
      .local()
      .act(async (ctx, flags: Flags) => {
        const env = ctx.io.env;
        const filters: Filters = {
          ...(flags.since === undefined ? {} : { since: sinceTime(flags.since, Date.now()) }),
          ...(ctx.options.profile === undefined ? {} : { profile: ctx.options.profile }),
          ...(flags.command === undefined ? {} : { command: flags.command.trim() }),
          ...(flags.outcome === undefined ? {} : { outcome: flags.outcome }),
        };
        const { file } = trailPlace(env);
        const all = readTrail(file, (m) => {
          ctx.log.warn(m);
        });
        if (auditOff(env)) ctx.log.info('DACTL_AUDIT is off: nothing new is recorded.');
        const rows = all.filter((e) => matches(e, filters));
        await ctx.out.list(rows, columns, {
          empty: all.length === 0 ? `Nothing recorded yet in ${file}.` : 'No change matches.',
        });
      }),
    'dactl audit list --since 2h',
    'dactl audit list --profile prod --outcome may-have-been-made',
    "dactl audit list --command 'unit app' --since 2026-11-01 -o json",
    "dactl audit list --since 7d --query '[].{time: time, line: line}' -o tsv",
  );
