/**
 * What became of an e-mail a booking action sends ([notices.honest] in docs/product.md): toasts,
 * timeline lines and API answers say this, never "e-mailed" unless the mailer accepted it.
 * Browser-safe.
 * - `sent`: the SMTP server accepted the message;
 * - `not-configured`: no SMTP on this server, the message was only logged;
 * - `failed`: the send threw (logged);
 * - `no-address`: the booking has no e-mail address, nothing was tried.
 */
import type { MailerPort } from './ports.js';

export const MAIL_STATUSES = ['sent', 'not-configured', 'failed', 'no-address'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Sends `message` to `to` through `mailer` and says what became of it; never throws (`onFailed`
 * is told the error, to log it). A mailer answering `{ sent: false }` (no SMTP: logged only) is
 * `not-configured`, as is no mailer at all.
 */
export async function sendMailWithStatus(
  mailer: MailerPort | undefined,
  to: string,
  message: { subject: string; text: string },
  onFailed: (err: unknown) => void,
): Promise<MailStatus> {
  if (!to) return 'no-address';
  if (!mailer) return 'not-configured';
  try {
    const result = await mailer.send({ to, ...message });
    return typeof result === 'object' && result !== null && 'sent' in result && result.sent === false ? 'not-configured' : 'sent';
  } catch (err) {
    onFailed(err);
    return 'failed';
  }
}

/** The words of a mail status for a timeline line or a toast: "Sent to ann@example.com", "Not sent: e-mail is not set up", … */
export function mailStatusText(status: MailStatus, to: string): string {
  switch (status) {
    case 'sent':
      return `Sent to ${to}`;
    case 'not-configured':
      return 'Not sent: e-mail is not set up';
    case 'failed':
      return 'Not sent: the e-mail could not be sent (see the logs)';
    case 'no-address':
      return 'Not sent: the booking has no e-mail address';
  }
}

/**
 * The payment-link toast's words ([bookings.payment-link], [notices.honest]): "E-mailed to …" only
 * when the mailer accepted it; otherwise why not, and that the owner copies the link.
 */
export function paymentLinkNotice(mail: MailStatus, email: string): { title: string; description: string } {
  if (mail === 'sent') return { title: 'Payment link sent', description: `E-mailed to ${email}` };
  const why = { 'not-configured': 'e-mail is not set up', failed: 'the e-mail could not be sent', 'no-address': 'the booking has no e-mail address' }[mail];
  return { title: 'Payment link ready', description: `Not sent: ${why}: copy the link and send it to the guest yourself` };
}
