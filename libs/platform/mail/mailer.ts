/** One email of the service: always French, always with a plain-text and an HTML version. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SentMail {
  messageId: string;
}

/** Sends emails (SMTP in production, .eml files in development); a failure throws, to be retried. */
export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}
