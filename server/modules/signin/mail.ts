import nodemailer from 'nodemailer';
import type { Logger } from '../../lib/logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Whether SMTP_URL is set: without it no mail can be sent, and the screens say to ask the admin instead. */
  configured: boolean;
  /** Sends one mail; resolves false (and logs why) when it could not be handed to the SMTP server. */
  send(mail: Mail): Promise<boolean>;
  close(): void;
}

/** Mail over SMTP_URL (nodemailer): the verification and reset links. */
export function createMailer(smtpUrl: string | undefined, from: string, logger: Logger): Mailer {
  if (!smtpUrl) return { configured: false, send: async () => false, close: () => {} };
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    configured: true,
    async send(mail) {
      try {
        await transport.sendMail({ from, ...mail });
        return true;
      } catch (error) {
        logger.error({ err: error, subject: mail.subject }, 'a mail could not be sent');
        return false;
      }
    },
    close: () => transport.close(),
  };
}
