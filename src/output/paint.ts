// Colours, through chalk, loaded only when colour is on: pipes and cron never pay for it.
export interface Paint {
  bold: (text: string) => string;
  dim: (text: string) => string;
  red: (text: string) => string;
  green: (text: string) => string;
  yellow: (text: string) => string;
  cyan: (text: string) => string;
}

const same = (text: string): string => text;
export const plain: Paint = {
  bold: same,
  dim: same,
  red: same,
  green: same,
  yellow: same,
  cyan: same,
};

export async function loadPaint(): Promise<Paint> {
  const { Chalk } = await import('chalk');
  return new Chalk({ level: 1 });
}

/** Colour unless --no-color, NO_COLOR, TERM=dumb, or the stream is not a terminal. */
export function colourWanted(
  stream: { isTTY?: boolean },
  env: NodeJS.ProcessEnv,
  argv: readonly string[],
): boolean {
  return (
    stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb' && !argv.includes('--no-color')
  );
}
