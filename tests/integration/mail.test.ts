// Mail without a mail server: with SMTP_URL unset each message is written as an
// .eml file under $DATA_DIR/mail and its link is logged (design notes).
import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "~/env.server";
import { passwordResetMail } from "~/services/mail/messages.server";
import { closeMail, mailFolder, sendMail } from "~/services/mail/mail.server";
import { LEVEL, withLogLines } from "../support/log-lines";

beforeAll(() => {
  delete process.env.SMTP_URL;
  expect(env().SMTP_URL).toBeUndefined();
});

afterAll(() => closeMail());

describe("mail with no SMTP_URL", () => {
  it("writes each message as an .eml file with text and HTML bodies and logs its link", async () => {
    const before = new Set(await fs.readdir(mailFolder()).catch(() => [] as string[]));
    const link = "http://club.test/passwords/reset/abc<def>";
    const { lines } = await withLogLines(() =>
      sendMail(
        passwordResetMail({
          club: env().SITE_TITLE,
          firstName: "Saul",
          username: "saul",
          email: "saul@example.com",
          link,
          expiresInMinutes: 60,
        }),
      ),
    );

    const written = (await fs.readdir(mailFolder())).filter((name) => !before.has(name));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/\.eml$/);
    expect(mailFolder()).toBe(path.join(env().DATA_DIR, "mail"));

    const parsed = await simpleParser(await fs.readFile(path.join(mailFolder(), written[0]!)));
    expect(parsed.subject).toBe(`Reset your ${env().SITE_TITLE} password`);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "").toBe("saul@example.com");
    expect(parsed.from?.text).toContain(env().SITE_TITLE);
    expect(parsed.text).toContain(link);
    // The HTML body escapes what it shows.
    expect(parsed.html).toContain("abc&lt;def&gt;");
    expect(parsed.html).not.toContain("abc<def>");

    // In the site's log, as a warning (LOG_LEVEL=warn still shows it): someone must pass the link on.
    const line = lines.find((entry) => entry.msg.startsWith("No SMTP_URL"));
    expect(line?.level).toBe(LEVEL.warn);
    expect(line?.msg).toContain(written[0]);
    expect(line?.msg).toContain(`link: ${link}`);
  });
});
