// The one facade over @inquirer/prompts. Every question names the flag that answers it, so
// without a terminal (or with --no-input) the run stops with exit 2 instead of hanging. A wrong
// answer is said under the prompt and asked again, keeping what was typed.
import { CancelledError, LoginRefusedError, UsageError } from './errors.js';
import type { Output } from './io.js';
import type { Log } from './output/log.js';

export interface Question {
  message: string;
  /** The flag (or flags) that give this answer without a prompt, e.g. "--username". */
  flag: string;
}

/** An error sentence, or undefined when the answer is acceptable; it may ask the panel. */
export type Validate = (value: string) => string | undefined | Promise<string | undefined>;

interface TextQuestion extends Question {
  default?: string;
  validate?: Validate;
}

interface Choice<T> {
  name: string;
  value: T;
  description?: string;
}

/** A Validate as inquirer takes it: true, or the sentence to show under the question. */
const verdict =
  (validate?: Validate) =>
  async (value: string): Promise<string | true> =>
    (await validate?.(value)) ?? true;

/** How many times a password is asked before the run gives up. */
const passwordTries = 3;

const isStream = (output: Output): output is Output & NodeJS.WritableStream =>
  typeof (output as { on?: unknown }).on === 'function';

export class Prompts {
  /** Checks to make before the first question (beforeAsking). */
  private readonly pending: (() => Promise<void>)[] = [];

  constructor(
    /** Whether dactl may ask (Context.interactive, judged on first use). */
    private readonly asks: () => boolean,
    private readonly stderr: Output,
    private readonly log: Log,
    /** In a fleet run: the one confirmation for every panel, asked by the fleet (src/fleet/). */
    private readonly fleetApprove?: () => Promise<void>,
  ) {}

  get interactive(): boolean {
    return this.asks();
  }

  /** Throws the exit-2 error a non-interactive run gets for a missing answer. */
  require(question: Question): void {
    if (!this.interactive) {
      throw new UsageError(
        `${question.message.replace(/[:?]\s*$/, '')} is required: pass ${question.flag}.`,
        'dactl asks only at a terminal; in scripts and cron every input has a flag or comes from stdin.',
      );
    }
  }

  /**
   * A check of what was given (whose domain it is) that must pass before any question is asked,
   * so nobody answers questions for a run that cannot succeed. Without questions it is not made:
   * the panel's refusal, if any, is explained where it comes.
   */
  beforeAsking(check: () => Promise<void>): void {
    this.pending.push(check);
  }

  async text(question: TextQuestion): Promise<string> {
    this.require(question);
    await this.checked();
    const { input } = await import('@inquirer/prompts');
    return this.ask(() =>
      input(
        {
          message: question.message,
          default: question.default,
          validate: verdict(question.validate),
        },
        this.context(),
      ),
    );
  }

  /**
   * A text answer with suggestions (read from the panel): typing filters them, and a value not
   * among them can still be typed; `validate` judges either.
   */
  async suggest(question: TextQuestion & { suggestions: readonly string[] }): Promise<string> {
    this.require(question);
    await this.checked();
    const { suggest } = await import('./prompt-suggest.js');
    return this.ask(() =>
      suggest(
        {
          message: question.message,
          suggestions: question.suggestions,
          validate: verdict(question.validate),
        },
        this.context(),
      ),
    );
  }

  /** A hidden answer. */
  async secret(question: Question): Promise<string> {
    this.require(question);
    await this.checked();
    return this.hidden(question.message, (v) => (v ? undefined : 'Enter a value.'));
  }

  /**
   * A password the panel must take: `attempt` tries each one typed; while the panel refuses the
   * login (LoginRefusedError), it is asked again, `passwordTries` times in all.
   */
  async secretAccepted<T>(question: Question, attempt: (secret: string) => Promise<T>): Promise<T> {
    for (let tries = 1; ; tries++) {
      const secret = await this.secret(question);
      try {
        return await attempt(secret);
      } catch (error) {
        if (!(error instanceof LoginRefusedError) || tries === passwordTries) throw error;
        this.log.warn(
          `The panel refused that password; try again (${String(tries + 1)} of ${String(passwordTries)}).`,
        );
      }
    }
  }

  /**
   * A password for a new account: typed twice (hidden, checked), or generated when the first
   * answer is left empty. Entries that differ are asked again, `passwordTries` times in all.
   */
  async newSecret(
    question: Question & { validate: Validate },
  ): Promise<{ value: string; generated: boolean }> {
    this.require(question);
    await this.checked();
    for (let tries = 1; ; tries++) {
      const first = await this.hidden(
        `${question.message.replace(/:\s*$/, '')} (Enter alone generates one):`,
        (v) => (v === '' ? undefined : question.validate(v)),
      );
      if (first === '') {
        const { generatePassword } = await import('./settings/generate.js');
        return { value: generatePassword(), generated: true };
      }
      const again = await this.hidden('Repeat it:');
      if (again === first) return { value: first, generated: false };
      if (tries === passwordTries) throw new UsageError('The two entries do not match.');
      this.log.warn(
        `The two entries do not match; type it again (${String(tries + 1)} of ${String(passwordTries)}).`,
      );
    }
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
    await this.checked();
    const { confirm } = await import('@inquirer/prompts');
    const ok = await this.ask(() =>
      confirm({ message: question.message, default: false }, this.context()),
    );
    if (!ok) throw new CancelledError('Cancelled; nothing was changed.');
  }

  async select<T>(question: Question & { choices: Choice<T>[] }): Promise<T> {
    this.require(question);
    await this.checked();
    const { select } = await import('@inquirer/prompts');
    return this.ask(() =>
      select<T>({ message: question.message, choices: question.choices }, this.context()),
    );
  }

  // Taken off the list first: a check may itself ask (the account's password) and come back here.
  private async checked(): Promise<void> {
    for (const check of this.pending.splice(0)) await check();
  }

  private async hidden(message: string, validate?: Validate): Promise<string> {
    const { password } = await import('@inquirer/prompts');
    return this.ask(() => password({ message, validate: verdict(validate) }, this.context()));
  }

  // Prompts write to stderr: stdout is for data, even while asking. They are asked only at a
  // terminal, where stderr is Node's own stream (src/output/fd.ts).
  private context(): { output: NodeJS.WritableStream } {
    if (!isStream(this.stderr)) throw new Error('dactl: a prompt without a terminal stream');
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
