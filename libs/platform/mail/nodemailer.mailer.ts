import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { type MailConfig } from '@libs/platform/config/app-config';
import { type MailMessage, type Mailer, type SentMail } from './mailer';

/** Bounds one SMTP exchange, so a dead mail server fails the activity in seconds, not minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/**
 * Sends through SMTP when `SMTP_URL` is set; otherwise renders each message and writes it as an
 * `.eml` file under the outbox directory (development), where any mail client opens it.
 */
export class NodemailerMailer implements Mailer {
  private constructor(
    private readonly transport: Mail,
    private readonly from: string,
    private readonly outboxDir: string | null,
  ) {}

  static fromConfig(config: MailConfig): NodemailerMailer {
    if (config.smtpUrl !== null) {
      return new NodemailerMailer(
        createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS }),
        config.from,
        null,
      );
    }
    return new NodemailerMailer(
      createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
      config.from,
      path.resolve(config.outboxDir),
    );
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = (await this.transport.sendMail({ from: this.from, ...message })) as {
      messageId: string;
      message?: Buffer;
    };
    if (this.outboxDir !== null && Buffer.isBuffer(info.message)) {
      await this.writeToOutbox(info.message);
    }
    return { messageId: info.messageId };
  }

  close(): void {
    this.transport.close();
  }

  /** Written under a temporary name then renamed: a reader never sees half a message. */
  private async writeToOutbox(raw: Buffer): Promise<void> {
    await fs.mkdir(this.outboxDir!, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
    const target = path.join(this.outboxDir!, name);
    await fs.writeFile(`${target}.tmp`, raw);
    await fs.rename(`${target}.tmp`, target);
  }
}
