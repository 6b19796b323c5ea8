// Mail without a mail server: with SMTP_URL unset each message is written as an
// .eml file under $DATA_DIR/mail and its link is logged (design notes).
import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { env } from "~/env.server";
import { passwordResetMail } from "~/services/mail/messages.server";
import { closeMail, mailFolder, sendMail } from "~/services/mail/mail.server";

beforeAll(() => {
  delete process.env.SMTP_URL;
  expect(env().SMTP_URL).toBeUndefined();
});

afterAll(() => closeMail());

describe("mail with no SMTP_URL", () => {
  it("writes each message as an .eml file with text and HTML bodies and logs its link", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const before = new Set(await fs.readdir(mailFolder()).catch(() => [] as string[]));
    const link = "http://club.test/passwords/reset/abc<def>";
    let logged = "";
    try {
      await sendMail(
        passwordResetMail({
          firstName: "Saul",
          username: "saul",
          email: "saul@example.com",
          link,
          expiresInMinutes: 60,
        }),
      );
      logged = log.mock.calls.map((args) => args.join(" ")).join("\n");
    } finally {
      log.mockRestore();
    }

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

    expect(logged).toContain(written[0]);
    expect(logged).toContain(`link: ${link}`);
  });
});
