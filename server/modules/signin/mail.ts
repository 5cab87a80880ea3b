import nodemailer from 'nodemailer';
import type { Logger } from '../../lib/logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A mail of a greeting, a paragraph, one link and a closing paragraph, each already in the reader's language: the
 * text as the server has always written it, and an HTML body of the same paragraphs (the link a link).
 */
export function linkMail({
  to,
  lang,
  subject,
  greeting,
  before,
  link,
  after,
}: {
  to: string;
  lang: string;
  subject: string;
  greeting: string;
  before: string;
  link: string;
  after: string;
}): Mail {
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  return {
    to,
    subject,
    text: `${greeting}\n\n${before}\n\n${link}\n\n${after}\n`,
    html:
      `<!doctype html><html lang="${escapeHtml(lang)}"><body>` +
      `${paragraph(greeting)}${paragraph(before)}<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>${paragraph(after)}` +
      '</body></html>',
  };
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
