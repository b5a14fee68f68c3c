import { condition } from '@temporalio/workflow';

/**
 * Mutual exclusion inside one workflow run, first come first served: the order's transitions, its
 * update handlers and its collection's local steps take turns, so one state change (and its
 * notification) is fully recorded and queued before the next begins, and no handler cancels the
 * collection while a local step of it runs.
 *
 * A flag awaited with `condition(() => !locked)` is not a lock: the SDK resolves every condition that
 * holds in one pass, so all waiters woke together and eight concurrent refreshes applied at once
 * (their local activities interleaved, and the run failed with nondeterminism errors on replay).
 * Here a waiter wakes only when it heads the line. Waiting costs no command, and a free lock is taken
 * without waiting (`condition` evaluates eagerly), so an uncontended run records the same history as
 * before; a library mutex resolves through extra promise hops, which could reorder the commands of
 * concurrent coroutines.
 */
export class TransitionTurns {
  private holder: number | null = null;
  private readonly line: number[] = [];
  private issued = 0;

  /** Runs `fn` when its turn comes. A wait cancelled by the caller's scope leaves the line. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const ticket = this.issued++;
    this.line.push(ticket);
    try {
      await condition(() => this.holder === null && this.line[0] === ticket);
    } catch (error) {
      this.line.splice(this.line.indexOf(ticket), 1);
      throw error;
    }
    this.line.shift();
    this.holder = ticket;
    try {
      return await fn();
    } finally {
      this.holder = null;
    }
  }
}
