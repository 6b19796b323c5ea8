// Outgoing e-mail through nodemailer. With SMTP_URL set it goes to that server;
// without one each message is written as an .eml file under $DATA_DIR/mail and
// its link is logged, so a club can run (and invite people) with no mail server.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { env } from "~/env.server";
import { requestLog } from "~/base/logger.server";
import { clubName } from "~/services/club/club-name.server";
import type { MailImage } from "./photo-images.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message is about: logged when mail is only written to disk. */
  link?: string;
  /** Pictures its HTML shows by `cid:` (photo-images.server.ts), sent inline with it. */
  images?: MailImage[];
};

type Sender = { sendMail(message: SendMailOptions): Promise<{ message?: unknown }>; close(): void };

let sender: Sender | undefined;

function mailSender(): Sender {
  if (sender) return sender;
  const { SMTP_URL } = env();
  sender = SMTP_URL
    ? nodemailer.createTransport({
        url: SMTP_URL,
        // A mail server that does not answer must not hold an admin's request for minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return sender;
}

/** Where messages go when no SMTP server is configured. */
export function mailFolder() {
  return path.join(env().DATA_DIR, "mail");
}

/**
 * MAIL_FROM as set; left unset (env.server.ts made it '"{SITE_TITLE}" <no-reply@localhost>'),
 * the club's name as it is now, which admins may have changed since the start.
 */
async function fromAddress(config: ReturnType<typeof env>): Promise<SendMailOptions["from"]> {
  if (config.MAIL_FROM !== `"${config.SITE_TITLE}" <no-reply@localhost>`) return config.MAIL_FROM;
  return { name: await clubName(), address: "no-reply@localhost" };
}

export async function sendMail(message: MailMessage): Promise<void> {
  const config = env();
  const info = await mailSender().sendMail({
    from: await fromAddress(config),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.images?.map((image) => ({ ...image, contentDisposition: "inline" as const })),
  });
  if (config.SMTP_URL) return;

  const folder = mailFolder();
  await fs.mkdir(folder, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(folder, `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`);
  await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
  // A warning, so LOG_LEVEL=warn still shows it: without a mail server someone must pass the link on
  // by hand. The one line that carries a link's secret on purpose (set SMTP_URL and it never appears).
  requestLog().warn(
    `No SMTP_URL: e-mail to ${message.to} ("${message.subject}") saved as ${file}` +
      (message.link ? `\n  link: ${message.link}` : ""),
  );
}

/** Closes the SMTP connection (server shutdown). */
export function closeMail() {
  sender?.close();
  sender = undefined;
}
