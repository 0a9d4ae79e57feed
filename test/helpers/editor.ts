// A scripted $EDITOR for tests of --edit and `unit route edit`.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * An editor, written into `dir`, that saves each of `saves` in turn (null: leaves the file as it
 * was shown) and keeps a copy of every file it was shown, in order.
 */
export function scriptedEditor(
  dir: string,
  saves: (string | null)[],
): { editor: string; shown: () => string[] } {
  mkdirSync(dir, { recursive: true });
  saves.forEach((text, i) => {
    if (text !== null) writeFileSync(join(dir, `save${String(i)}`), text);
  });
  const editor = join(dir, 'edit.sh');
  writeFileSync(
    editor,
    [
      '#!/bin/sh',
      `n=$(cat "${dir}/n" 2>/dev/null || echo 0)`,
      `cp "$1" "${dir}/shown$n"`,
      `[ -f "${dir}/save$n" ] && cp "${dir}/save$n" "$1"`,
      `echo $((n + 1)) > "${dir}/n"`,
      `echo "$1" > "${dir}/file"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  const shown = (): string[] => {
    const files: string[] = [];
    for (let i = 0; existsSync(join(dir, `shown${String(i)}`)); i += 1) {
      files.push(readFileSync(join(dir, `shown${String(i)}`), 'utf8'));
    }
    return files;
  };
  return { editor, shown };
}

/**
 * Removes each edit dactl kept for the user after an invalid save ("Your edit is kept in F"),
 * which the test has checked: dactl leaves it on purpose, the test must not.
 */
export function removeKeptEdits(stderr: string): void {
  for (const [, file = ''] of stderr.matchAll(/kept in (\S+);/g)) {
    const dir = dirname(file);
    if (basename(dir).startsWith('dactl-edit-')) rmSync(dir, { recursive: true, force: true });
  }
}
