import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The raw message with its body's quoted-printable undone, enough to read a link from. */
  text: string;
}

/** A real SMTP server in this process (smtp-server) that keeps what it receives; `url` is what SMTP_URL takes. */
export async function startSmtpServer(): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Quoted-printable undone in the body (a header's line ending '?=' is no soft break) into bytes, then read as
        // UTF-8: a mail in Spanish or Portuguese reads as written.
        const raw = Buffer.concat(chunks).toString('latin1');
        const split = raw.search(/\r?\n\r?\n/);
        const [head, body] = split < 0 ? ['', raw] : [raw.slice(0, split), raw.slice(split)];
        const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        const text = Buffer.from(head + bytes, 'latin1').toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail to a path, e.g. linkIn(mail, '/reset-password'). */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${path.replace(/[/]/g, '\\/')}\\?[^\\s]+`));
  if (!match) throw new Error(`no ${path} link in the mail:\n${mail.text}`);
  return new URL(match[0]);
}
