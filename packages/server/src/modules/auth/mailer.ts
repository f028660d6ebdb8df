import type { SmtpConfig } from '../../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP mailer from `SMTP_*` settings. nodemailer loads on the first e-mail, not at start-up. */
export function createSmtpMailer(smtp: SmtpConfig): Mailer {
  let transport: Promise<{ sendMail(message: Record<string, unknown>): Promise<unknown> }> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
        }),
      );
      await (await transport).sendMail({ from: smtp.from, ...mail });
    },
  };
}
