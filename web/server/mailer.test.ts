import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '@ridgeline/core/node';

let server: SMTPServer | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('createMailer', () => {
  it('delivers through a real SMTP server', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Ridgeline <stay@example.com>' }, () => {});
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
