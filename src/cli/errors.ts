import { InvalidArgumentError } from 'commander';

/**
 * A problem with how the CLI was called (unknown target, bad option value,
 * unreadable input for a one-file command): printed in plain words, without a
 * stack trace, with exit code 2.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** Commander option parser for an integer of at least `min` (`--max-errors 10`, `--seed 0`). */
export function integerAtLeast(min: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < min)
      throw new InvalidArgumentError(`Expected an integer of at least ${min}.`);
    return n;
  };
}
