// "Did you mean": the command a mistyped command line most likely meant, looked for across the
// whole tree, so that a word right in another group is found too (`user list` → `users list`,
// `users create` → `user create`, `unit apps ls` → `unit app ls`).
import type { Command } from 'commander';
import { groups } from './commands/index.js';
import { distance } from './text/distance.js';

/** Every command of every visible group, by its words, names before aliases: ['db', 'ls']. */
export async function commandPaths(): Promise<string[][]> {
  const loaded = await Promise.all(groups.filter((g) => !g.hidden).map((g) => g.load()));
  const paths: string[][] = [];
  const visit = (command: Command, path: string[]): void => {
    paths.push(path);
    for (const child of command.commands) {
      for (const name of [child.name(), ...child.aliases()]) visit(child, [...path, name]);
    }
  };
  for (const group of loaded) visit(group, [group.name()]);
  return paths;
}

/** Typos a word of this length may carry and still be recognised. */
const tolerance = (word: string): number => (word.length <= 3 ? 1 : 2);

/**
 * The path nearest to `words` that reaches past its first `known` words, or undefined when
 * none is close: each word of a path may be a typo or two away from the word given at its
 * place, and the words past a path are its arguments.
 */
export function nearest(words: string[], known: number, paths: string[][]): string[] | undefined {
  let best: { path: string[]; score: number } | undefined;
  for (const path of paths) {
    if (path.length <= known || path.length > words.length) continue;
    let score = 0;
    for (const [i, word] of path.entries()) {
      const d = distance(words[i] ?? '', word);
      score = d > tolerance(word) ? Infinity : score + d;
    }
    // The closest; of two as close, the one that reads more of the words given.
    if (
      score < Infinity &&
      (!best || score < best.score || (score === best.score && path.length > best.path.length))
    ) {
      best = { path, score };
    }
  }
  return best?.path;
}
