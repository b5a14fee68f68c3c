import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NodemailerMailer } from './nodemailer.mailer';

describe('NodemailerMailer without SMTP_URL', () => {
  let outboxDir: string;

  beforeEach(() => {
    outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mail-')), 'outbox');
  });
  afterEach(() => fs.rmSync(path.dirname(outboxDir), { recursive: true, force: true }));

  it('writes each message as an .eml file with its text and HTML parts', async () => {
    const mailer = NodemailerMailer.fromConfig({
      smtpUrl: null,
      from: 'Service pré-état daté <no-reply@pre-etat-date.local>',
      outboxDir,
    });
    const sent = await mailer.send({
      to: 'notaire@example.fr',
      subject: 'Commande confirmée',
      text: 'Bonjour, voici le texte.',
      html: '<p>Bonjour, voici le HTML.</p>',
    });
    mailer.close();
    expect(sent.messageId).toMatch(/^<.+>$/);
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(raw).toContain('To: notaire@example.fr');
    expect(raw).toContain('Subject: =?UTF-8?Q?Commande_confirm=C3=A9e?=');
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toContain('Content-Type: text/plain; charset=utf-8');
    expect(raw).toContain('Content-Type: text/html; charset=utf-8');
    expect(raw).toContain(`Message-ID: ${sent.messageId}`);
  });
});
