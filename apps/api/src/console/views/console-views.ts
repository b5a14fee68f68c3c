import path from 'node:path';
import { Eta } from 'eta';
import { CONSOLE_TEXTS } from '@libs/platform/messages.fr';

/** What every page's layout needs besides its own content. */
export interface PageFrame {
  title: string;
  /** The signed-in operator (absent on the login page). */
  operator?: { email: string; roleLabel: string };
  csrfToken?: string;
}

/**
 * The console's pages: Eta templates under `templates/` (copied beside the compiled code by the build),
 * escaped by default, compiled once and kept in production. Each page gets the catalogue's texts as `t`.
 */
export class ConsoleViews {
  private readonly eta: Eta;

  constructor(options: { cache: boolean }) {
    this.eta = new Eta({
      views: path.join(__dirname, '..', 'templates'),
      cache: options.cache,
      autoEscape: true,
      autoTrim: [false, 'nl'],
    });
  }

  render(template: string, frame: PageFrame, data: object = {}): string {
    return this.eta.render(template, { t: CONSOLE_TEXTS, frame, ...data });
  }
}
