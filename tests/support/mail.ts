// A real SMTP server on loopback (smtp-server) that keeps every message it
// receives, parsed by mailparser, so tests can read an e-mail and follow its link.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The envelope recipients (RCPT TO), lower-cased. */
  recipients: string[];
  subject: string;
  from: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:{port}: what the club's SMTP_URL should be. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message to this address (already received, or the next one). */
  waitForMail(to: string, options?: { timeoutMs?: number; since?: number; subject?: RegExp }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** The links in a message's plain-text body. */
export function linksIn(mail: Pick<ReceivedMail, "text">): string[] {
  return mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: ReceivedMail[] = [];
  const listeners = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no TLS to negotiate in tests.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      // keepCidLinks: the HTML as sent, its inline pictures named by `cid:` (not turned into data: addresses).
      simpleParser(stream, { keepCidLinks: true })
        .then((parsed) => {
          messages.push({
            recipients: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? "",
            from: parsed.from?.text ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            parsed,
          });
          listeners.forEach((listener) => listener());
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, { timeoutMs = 10_000, since = 0, subject } = {}) {
      const wanted = to.toLowerCase();
      const find = () =>
        messages.slice(since).find((m) => m.recipients.includes(wanted) && (!subject || subject.test(m.subject)));
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (found) finish(() => resolve(found));
        };
        const timer = setTimeout(
          () =>
            finish(() =>
              reject(new Error(`No e-mail to ${to} within ${timeoutMs} ms (got ${messages.length} others).`)),
            ),
          timeoutMs,
        );
        const finish = (done: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          done();
        };
        listeners.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
