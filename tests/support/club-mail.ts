// The club's mail sent to a catcher for a test file's tests (vitest only: the
// browser suite starts its catcher with the server it runs).
import { expect } from "vitest";
import { env } from "~/env.server";
import { closeMail } from "~/services/mail/mail.server";
import { sharedResource } from "./shared-resource";
import { startMailCatcher, type MailCatcher } from "./mail";

/** A catcher, SMTP_URL pointing at it, and after the last test the club's SMTP connection and the catcher closed. */
export function useMailCatcher(): MailCatcher {
  return sharedResource(
    async () => {
      const mail = await startMailCatcher();
      process.env.SMTP_URL = mail.url;
      // env() is read once per test file (each runs in its own process): make sure it saw the catcher.
      expect(env().SMTP_URL).toBe(mail.url);
      return mail;
    },
    async (mail) => {
      closeMail();
      await mail.close();
    },
  );
}
