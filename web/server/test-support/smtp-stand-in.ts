import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the stand-in received. */
export interface ReceivedMail {
  /** The envelope's sender (MAIL FROM); '' when none. */
  from: string;
  to: string[];
  /** The raw message: headers and body. */
  data: string;
  /** The decoded `Subject:` header. */
  subject: string;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) for tests: records each message,
 * and refuses the next `failNext(n)` messages with a 451 as a mail server that is down would.
 */
export async function startSmtpStandIn() {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          const err = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
          err.responseCode = 451;
          callback(err);
          return;
        }
        const subject = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(data)?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? '';
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          subject: decodeHeader(subject),
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.server.address() as AddressInfo;
  return {
    /** e.g. smtp://127.0.0.1:40123 — use as SMTP_URL */
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext: (n: number) => (failures = n),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=` / `?B?`), as mail clients show subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}
