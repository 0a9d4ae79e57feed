// `dactl help <command>`, and the topics: `dactl help environment`, `exit-codes` (the tables of
// design.md, at hand) and `globals` (the options every command takes).
import { Argument, Command } from 'commander';
import { LeafCommand } from '../command.js';
import { UsageError } from '../errors.js';
import { MAX_DEPTH, MAX_SEND_DEPTH } from '../json/parse.js';
import { helpWidth, withExamples, wrapText } from '../help/text.js';
import { globalOptionsHelp } from '../help/layout.js';
import { completeWith } from '../completion/values.js';

const topics: Record<string, string | ((root: Command, width: number) => string)> = {
  environment: `Environment variables

  DACTL_PROFILE      profile to use (like --profile: a list or glob runs over a fleet)
  DACTL_URL          panel address; with DACTL_USERNAME and DACTL_PASSWORD no profile is needed.
                     A URL other than the profile's takes both from the environment too:
                     a profile's password goes only to its own panel
  DACTL_USERNAME     account to sign in as
  DACTL_PASSWORD     its password or Login Key
  DACTL_AS           user to act as (like --as)
  DACTL_NO_INPUT     never prompt (like --no-input); CI or no terminal does the same
  DACTL_CONFIG_DIR   where profiles and templates live (default: the OS config directory,
                     found through HOME); it must be yours and not writable by others
  DACTL_NO_CACHE     1: keep no code cache (~/.cache/dactl) between runs
  DACTL_AUDIT_FILE   where the audit trail of changes goes (default: audit.jsonl in
                     $XDG_STATE_HOME/dactl, ~/.local/state/dactl); see dactl audit path
  DACTL_AUDIT        off: record no change in the audit trail
  NO_COLOR           no colour (like --no-color)
  VISUAL, EDITOR     the editor of --edit (default: vi)

  unit doctor, sync, status and app restart, on the panel's server:
  DACTL_DA_DATA_DIR  the panel's data directory (default /usr/local/directadmin/data)
  DACTL_UNIT_SOCKET  Unit's control socket (default /var/run/unit/control.sock)
  DACTL_DA_CONF      the panel config (default /usr/local/directadmin/conf/directadmin.conf)
  DACTL_UNIT_LOG     Unit's log (default /var/log/unit/unit.log)
  DACTL_DA_TASKQ     the panel's task queue processor run by sync --now
                     (default /usr/local/directadmin/dataskq)

Precedence: flag > environment > the selected profile > the current profile > built-in default.`,
  'exit-codes': `Exit codes

  0    success
  1    unexpected failure (a bug: run again with --debug for the stack)
  2    bad usage or invalid input (an empty value too), caught before anything was sent
  3    authentication or permission refused (401, the panel's 403, its login page, impersonation refused)
  4    not found
  5    the panel rejected the request, or answered with something that is not data
  6    network, TLS, timeout or server failure (5xx, 429)
  7    partial: some targets (apps, route sets, fleet panels) failed, not all; unit doctor checks failed;
       unit sync --now left something out of step
  130  cancelled (Ctrl-C, or a declined confirmation)

With 7 each outcome is printed; a command that did none of its work keeps its own code.

With -o json a failure also prints {"error":{"code","message","exitCode"}} on stderr.
A change whose answer is lost (timeout, reset, cut-off reply, 5xx) ends with 6 and says it may
have been made, naming the command that shows whether it was.

Limits: --timeout is one budget for the whole command, retries included (at most 86400 s);
a reply over 64 MiB (after decompression) is exit 5; a --file, --input or -F @file (or stdin)
over 16 MiB is exit 2. JSON nested more than ${String(MAX_DEPTH)} levels deep in a reply is exit 5;
more than ${String(MAX_SEND_DEPTH)} in a file, stdin or --set is exit 2.`,
  globals: globalOptionsHelp,
};

export const helpCommand = (): Command =>
  withExamples(
    new LeafCommand('help')
      .description(`Show help for a command, or a topic: ${Object.keys(topics).join(', ')}`)
      .addArgument(
        completeWith(new Argument('[words...]', 'a command (e.g. "db list") or a topic'), {
          words: Object.keys(topics),
          commands: true,
        }),
      )
      .local()
      .act(async (ctx, words: string[], _opts: object, command: Command) => {
        const root = command.parent ?? command;
        const topic = topics[words.join(' ')];
        if (topic !== undefined) {
          const width = helpWidth(command);
          ctx.out.line(wrapText(typeof topic === 'string' ? topic : topic(root, width), width));
          return;
        }
        let target = root;
        for (const word of words) {
          const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
          if (!next) throw await unknownTopic(words);
          target = next;
        }
        target.outputHelp();
      }),
    'dactl help exit-codes',
    'dactl help environment',
    'dactl help globals',
    'dactl help unit route set',
  );

async function unknownTopic(words: string[]): Promise<UsageError> {
  const { commandPaths, nearest } = await import('../suggest.js');
  const topicPaths = Object.keys(topics).map((t) => [t]);
  const near = nearest(words, 0, [...topicPaths, ...(await commandPaths())]);
  return new UsageError(
    `No command or help topic "${words.join(' ')}".`,
    near
      ? `Did you mean "dactl help ${near.join(' ')}"?`
      : `Topics: ${Object.keys(topics).join(', ')}. Commands: dactl --help.`,
  );
}
