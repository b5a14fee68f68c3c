import { type AppLogger } from '@libs/platform/logging/app-logger';
import { type UploadedDocumentWriter } from './uploaded-document.writer';

export interface AbandonedAttachmentSweepOptions {
  /** Attachments stored more recently are left to the request that stored them. */
  graceMs: number;
  /** Attachments taken back per transaction. */
  batchSize?: number;
}

/** Batches in one pass at most: a pass that cannot empty its backlog leaves the rest to the next. */
const MAX_BATCHES_PER_PASS = 50;

/**
 * Takes back, at each pass, the operator attachments left pending in a round that can no longer accept
 * them: stored, then their action's answer never came (Temporal unreachable, the update timed out), and
 * the round was done, cancelled or replaced since. A refresh takes back its previous round's at once; an
 * order's last round has no such step, and without this its rows and files would be kept, never served,
 * for as long as the order. Each order worker process runs a pass every `ATTACHMENT_SWEEP_INTERVAL`; two
 * at once take nothing back twice (the writer holds the files' keys). A pass never fails the process: a
 * database outage is logged and the next pass tries again.
 */
export class AbandonedAttachmentSweep {
  constructor(
    private readonly writer: Pick<UploadedDocumentWriter, 'discardAbandoned'>,
    private readonly logger: AppLogger,
    private readonly options: AbandonedAttachmentSweepOptions,
    private readonly clock: () => number = Date.now,
  ) {}

  /** One pass: how many attachments it took back. Never rejects, as a `PeriodicTask`'s task must not. */
  async pass(): Promise<number> {
    const batchSize = this.options.batchSize ?? 100;
    const storedBefore = new Date(this.clock() - this.options.graceMs);
    let taken = 0;
    try {
      for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
        const read = await this.writer.discardAbandoned(storedBefore, batchSize);
        taken += read;
        if (read < batchSize) break;
      }
    } catch (error) {
      this.logger.warn(
        { err: error, attachments: taken },
        'Sweep of abandoned operator attachments failed: the next pass tries again',
      );
    }
    if (taken > 0) {
      this.logger.info({ attachments: taken }, 'Sweep took back operator attachments no round can accept');
    }
    return taken;
  }
}
