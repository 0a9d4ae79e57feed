// A text answer with suggestions read from the panel (packages, addresses, domains), for the
// facade in prompts.ts, which loads this file only when it asks. Typing filters the list; Enter
// takes the highlighted suggestion, or the text as typed when it is picked or nothing matches.
// @inquirer/search filters asynchronously, so an Enter typed or pasted together with the text
// takes a suggestion of the text before it; here the list is known, and filtered as each key
// arrives.
import {
  createPrompt,
  isDownKey,
  isEnterKey,
  isTabKey,
  isUpKey,
  makeTheme,
  useKeypress,
  usePrefix,
  useState,
} from '@inquirer/core';

interface SuggestConfig {
  message: string;
  suggestions: readonly string[];
  /** An error sentence, or true when the answer is acceptable. */
  validate: (value: string) => Promise<string | true>;
}

/** At most this many suggestions show; typing narrows the rest. */
const shown = 7;

/** The suggestions containing `typed` (those starting with it first), then the text as typed. */
export function entriesFor(suggestions: readonly string[], typed: string): string[] {
  const term = typed.toLowerCase();
  const matching = suggestions.filter((s) => s.toLowerCase().includes(term));
  const first = matching.filter((s) => s.toLowerCase().startsWith(term));
  const entries = [...new Set([...first, ...matching])].slice(0, shown);
  return typed && !suggestions.includes(typed) ? [...entries, typed] : entries;
}

export const suggest = createPrompt<string, SuggestConfig>((config, done) => {
  const theme = makeTheme();
  const [status, setStatus] = useState<'idle' | 'loading' | 'done'>('idle');
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const prefix = usePrefix({ status, theme });
  const entries = entriesFor(config.suggestions, typed);
  const chosen = entries[Math.min(active, entries.length - 1)];

  useKeypress(async (key, rl) => {
    if (status !== 'idle') return;
    if (isEnterKey(key)) {
      if (chosen === undefined) {
        setError('Type a value.');
        return;
      }
      setStatus('loading');
      const verdict = await config.validate(chosen);
      if (verdict === true) {
        setTyped(chosen);
        setStatus('done');
        done(chosen);
        return;
      }
      // Enter cleared readline's line: the text typed stays, to be corrected.
      rl.write(typed);
      setError(verdict);
      setStatus('idle');
    } else if (isUpKey(key) || isDownKey(key)) {
      rl.clearLine(0);
      rl.write(typed);
      const step = isUpKey(key) ? -1 : 1;
      setActive(Math.max(0, Math.min(entries.length - 1, active + step)));
    } else if (isTabKey(key) && chosen !== undefined) {
      rl.clearLine(0);
      rl.write(chosen);
      setTyped(chosen);
      setActive(0);
    } else {
      setTyped(rl.line);
      setActive(0);
      setError(undefined);
    }
  });

  const message = theme.style.message(config.message, status);
  if (status === 'done') return `${prefix} ${message} ${theme.style.answer(typed)}`;
  const list = entries.map((entry, i) => {
    const label =
      entry === typed && !config.suggestions.includes(entry) ? `${entry} (as typed)` : entry;
    return i === Math.min(active, entries.length - 1)
      ? theme.style.highlight(`❯ ${label}`)
      : `  ${label}`;
  });
  const help = theme.style.help('type to filter or to give another value • ↑↓ choose • ⏎ accept');
  const body = [...list, error === undefined ? help : theme.style.error(error)].join('\n');
  return [`${prefix} ${message} ${typed}`, body];
});
