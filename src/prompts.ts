// The one facade over @inquirer/prompts. Every question names the flag that answers it, so
// without a terminal (or with --no-input) the run stops with exit 2 instead of hanging.
import { CancelledError, UsageError } from './errors.js';

export interface Question {
  message: string;
  /** The flag (or flags) that give this answer without a prompt, e.g. "--username". */
  flag: string;
}

export interface TextQuestion extends Question {
  default?: string;
  /** Returns an error sentence, or undefined when the answer is acceptable. */
  validate?: (value: string) => string | undefined;
}

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
}

export class Prompts {
  constructor(
    readonly interactive: boolean,
    private readonly stderr: NodeJS.WritableStream,
    /** In a fleet run: the one confirmation for every panel, asked by the fleet (src/fleet/). */
    private readonly fleetApprove?: () => Promise<void>,
  ) {}

  /** Throws the exit-2 error a non-interactive run gets for a missing answer. */
  require(question: Question): void {
    if (!this.interactive) {
      throw new UsageError(
        `${question.message.replace(/[:?]\s*$/, '')} is required: pass ${question.flag}.`,
        'dactl asks only at a terminal; in scripts and cron every input has a flag or comes from stdin.',
      );
    }
  }

  async text(question: TextQuestion): Promise<string> {
    this.require(question);
    const { input } = await import('@inquirer/prompts');
    return this.ask(() =>
      input(
        {
          message: question.message,
          default: question.default,
          validate: (v: string) => question.validate?.(v) ?? true,
        },
        this.context(),
      ),
    );
  }

  /** A hidden answer; with `twice`, asked again and compared. */
  async secret(question: Question & { twice?: boolean }): Promise<string> {
    this.require(question);
    const { password } = await import('@inquirer/prompts');
    const first = await this.ask(() =>
      password(
        { message: question.message, validate: (v) => (v ? true : 'Enter a value.') },
        this.context(),
      ),
    );
    if (!question.twice) return first;
    const again = await this.ask(() => password({ message: 'Repeat it:' }, this.context()));
    if (again !== first) throw new UsageError('The two entries do not match.');
    return first;
  }

  /** Destructive actions: asks at a terminal; elsewhere only --yes lets them through. */
  async confirm(question: Question & { yes: boolean }): Promise<void> {
    if (question.yes) return;
    if (this.fleetApprove) return this.fleetApprove();
    if (!this.interactive) {
      throw new UsageError(
        `${question.message.replace(/\?\s*$/, '')}: confirmation needed; pass ${question.flag} to go ahead without a terminal.`,
      );
    }
    const { confirm } = await import('@inquirer/prompts');
    const ok = await this.ask(() =>
      confirm({ message: question.message, default: false }, this.context()),
    );
    if (!ok) throw new CancelledError('Cancelled; nothing was changed.');
  }

  async select<T>(question: Question & { choices: Choice<T>[] }): Promise<T> {
    this.require(question);
    const { select } = await import('@inquirer/prompts');
    return this.ask(() =>
      select<T>({ message: question.message, choices: question.choices }, this.context()),
    );
  }

  // Prompts write to stderr: stdout is for data, even while asking.
  private context(): { output: NodeJS.WritableStream } {
    return { output: this.stderr };
  }

  private async ask<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      // Ctrl-C inside a prompt: inquirer throws ExitPromptError.
      if (error instanceof Error && error.name === 'ExitPromptError') throw new CancelledError();
      throw error;
    }
  }
}
