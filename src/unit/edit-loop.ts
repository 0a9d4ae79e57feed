// `unit route edit`: the editor opens on the JSON; when what comes back is not valid, it opens
// again with the problems on top as `// error:` lines, until the JSON is valid or the user gives
// up. Giving up is saving an empty file, or saving it unchanged after an error; both end the run
// with exit 130 and nothing sent. The temporary file lives in a private directory and goes away
// at the end either way, a signal included (EditDir).
import { readFileSync, writeFileSync } from 'node:fs';
import { CancelledError } from '../errors.js';
import { chooseEditor, EditDir, type EditOptions } from './editor.js';

export type Verdict<T> = { ok: true; value: T } | { ok: false; problems: string[] };

const intro = '// Not valid yet. Fix it and save; save an empty file to cancel.';

/** The `// ...` lines at the top, as the editor saved them, and the JSON below them. */
export function splitHeader(text: string): { header: string; body: string } {
  const lines = text.split('\n');
  let n = 0;
  while (n < lines.length && /^\s*\/\//.test(lines[n] ?? '')) n++;
  return { header: lines.slice(0, n).join('\n'), body: lines.slice(n).join('\n') };
}

/**
 * The text with its leading comment lines blanked: JSON.parse accepts it, and line and column
 * numbers of errors still match what the user sees in the editor.
 */
export function withoutHeader(text: string): string {
  const { header, body } = splitHeader(text);
  if (header === '') return body;
  return `${header.replace(/[^\n]/g, ' ')}\n${body}`;
}

/** The problems as comment lines; a problem of several lines stays inside the comments. */
export const errorHeader = (problems: readonly string[]): string =>
  [
    intro,
    ...problems.flatMap((p) =>
      p.split('\n').map((line, i) => (i === 0 ? `// error: ${line}` : `//   ${line}`)),
    ),
    '//',
    '',
  ].join('\n');

export async function editUntilValid<T>(
  initial: string,
  options: EditOptions,
  judge: (text: string, source: string) => Verdict<T>,
  tell: (message: string) => void,
): Promise<T> {
  const editor = chooseEditor(options.env, options.interactive);
  const temp = new EditDir();
  const file = temp.path(options.fileName);
  let body = initial.endsWith('\n') ? initial : `${initial}\n`;
  let problems: string[] = [];
  try {
    for (;;) {
      writeFileSync(file, (problems.length > 0 ? errorHeader(problems) : '') + body, {
        mode: 0o600,
      });
      await temp.edit(editor, file, options.stdoutIsTty);
      const text = readFileSync(file, 'utf8');
      const saved = splitHeader(text).body;
      if (saved.trim() === '')
        throw new CancelledError('The file was saved empty; nothing was sent.');
      if (problems.length > 0 && saved.trim() === body.trim()) {
        throw new CancelledError('The file was saved unchanged after an error; nothing was sent.');
      }
      const verdict = judge(withoutHeader(text), `The edited route (${options.fileName})`);
      if (verdict.ok) return verdict.value;
      body = saved;
      problems = verdict.problems;
      tell(
        `Not valid yet (${String(problems.length)} problem${problems.length === 1 ? '' : 's'}); opening the editor again.`,
      );
    }
  } finally {
    temp.close();
  }
}
