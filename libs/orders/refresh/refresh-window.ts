import { refreshWindowOver } from '../order-state';

/**
 * The API's REFRESH_WINDOW, the one it starts workflows with: an order done for longer is closed, and a
 * refresh or an upload is refused before anything of it is stored. A workflow started under a longer
 * window still closes at its own end (it refuses the refresh itself, and the API takes back what it
 * stored); a window shortened since applies at once.
 */
export class RefreshWindow {
  constructor(
    private readonly lengthMs: number,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Whether the order, done at `doneAt` (null while it is not done), is closed now. */
  isOver(doneAt: Date | null): boolean {
    return refreshWindowOver(doneAt?.getTime() ?? null, this.lengthMs, this.clock().getTime());
  }
}
