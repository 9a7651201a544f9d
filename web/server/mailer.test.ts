import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '@ridgeline/core/node';
import { startSmtpStandIn } from './test-support/smtp-stand-in.js';

let smtp: Awaited<ReturnType<typeof startSmtpStandIn>> | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

describe('createMailer', () => {
  it('delivers through a real SMTP server', async () => {
    smtp = await startSmtpStandIn();
    const { received } = smtp;
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Ridgeline <stay@example.com>' }, () => {});
    expect(mailer.enabled).toBe(true);
    const result = await mailer.send({ to: 'guest@example.com', subject: 'Your stay is confirmed', text: 'See you soon.' });
    expect(result).toEqual({ sent: true });
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('stay@example.com');
    expect(received[0]?.to).toEqual(['guest@example.com']);
    expect(received[0]?.data).toContain('Subject: Your stay is confirmed');
    expect(received[0]?.data).toContain('See you soon.');
  });

  it('logs the subject instead of sending without SMTP, never the recipient or the body', async () => {
    const logged: Record<string, unknown>[] = [];
    const mailer = createMailer({}, (_m, fields) => logged.push(fields));
    expect(await mailer.send({ to: 'guest@example.com', subject: 'Your stay', text: 'Dear Jane, door code 4711' })).toEqual({ sent: false });
    expect(logged).toEqual([{ subject: 'Your stay', attachments: [] }]);
    expect(JSON.stringify(logged)).not.toMatch(/guest@example\.com|4711/);
  });
});
