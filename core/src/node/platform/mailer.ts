import nodemailer from 'nodemailer';

/** An outgoing message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  /** Sends `message`; without SMTP it is logged instead. @returns whether it was really sent */
  send(message: MailMessage): Promise<{ sent: boolean }>;
  readonly enabled: boolean;
}

/**
 * Outgoing mail through `SMTP_URL` (nodemailer). Without SMTP the message is not sent and `log`
 * is told its subject (never its recipient or body: a guest's personal data stays out of logs),
 * so the owner sees in the logs that mail is off and nothing pretends to have gone out.
 */
export function createMailer(
  config: { smtpUrl?: string | undefined; from?: string | undefined },
  log: (message: string, fields: Record<string, unknown>) => void,
): Mailer {
  if (!config.smtpUrl) {
    return {
      enabled: false,
      async send(message) {
        log('mail not sent (SMTP_URL is not set)', { subject: message.subject, attachments: (message.attachments ?? []).map((a) => a.filename) });
        return { sent: false };
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl, { connectionTimeout: 15_000, socketTimeout: 30_000 });
  const from = config.from ?? 'Ridgeline <no-reply@localhost>';
  return {
    enabled: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
      return { sent: true };
    },
  };
}
