// The e-mail to a photo's owner about new comments, received on a real SMTP
// server on loopback: what it says (text and HTML, bodies escaped), at most
// one per photo per 15 minutes with the comments in between gathered into the
// next, none for one's own comments or when the owner turned them off, and
// each comment mailed once even when several senders run at once.
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { commentNotifications, users } from "@db/schema";
import { env } from "~/env.server";
import { action as commentsAction } from "~/routes/api/comments";
import {
  commentNotificationsSettled,
  sendDueCommentNotifications,
} from "~/services/ratings/comment-notifications.server";
import { linksIn, type ReceivedMail } from "../support/mail";
import { cookieFor, makeMember, request, withCookies } from "../support/members";
import { insertPhoto, storeRealThumbnail } from "../support/photos";
import { call } from "../support/routes";
import { useMailCatcher } from "../support/club-mail";
import { withLogLines } from "../support/log-lines";

const mail = useMailCatcher();

afterAll(async () => {
  await commentNotificationsSettled();
});

async function comment(photoId: number, body: string, cookie: string) {
  const response = await call(
    commentsAction,
    request("/api/comments", { method: "POST", json: { PhotoId: photoId, body }, cookie }),
  );
  expect(response.status).toBe(201);
  // The e-mail goes after the answer; wait for it to be sent (or not).
  await commentNotificationsSettled();
}

const mailsTo = (email: string): ReceivedMail[] =>
  mail.messages.filter((message) => message.recipients.includes(email.toLowerCase()));

async function notificationRow(photoId: number) {
  const [row] = await db().select().from(commentNotifications).where(eq(commentNotifications.photoId, photoId));
  return row;
}

/** The throttle's 15 minutes pass (the clock is the database's). */
async function windowEnds(photoId: number) {
  await db()
    .update(commentNotifications)
    .set({ sentAt: sql`${commentNotifications.sentAt} - interval '15 minutes'` })
    .where(eq(commentNotifications.photoId, photoId));
}

async function club() {
  const owner = await makeMember({ firstName: "Olive" });
  const ann = await makeMember({ firstName: "Ann" });
  const bob = await makeMember({ firstName: "Bob" });
  const photo = await insertPhoto(owner.id, { caption: "Market street" });
  return { photo, ...(await withCookies({ owner, ann, bob })) };
}

describe("the comment e-mail", () => {
  it("tells the owner at once, in text and HTML, with the comment, the thumbnail and a link to the photo", async () => {
    const c = await club();
    const body = `<script>alert("x")</script> Great <b>timing</b> & light`;
    await comment(c.photo.id, body, c.annCookie);

    const [received, ...more] = mailsTo(c.owner.email);
    expect(more).toEqual([]);
    expect(received!.subject).toBe(
      `Ann ${c.ann.lastName} commented on your photo "Market street" (${env().SITE_TITLE})`,
    );
    expect(received!.text).toContain("Hi Olive,");
    expect(received!.text).toContain(`Ann ${c.ann.lastName} wrote:\n${body}`);
    const links = linksIn(received!);
    expect(links).toContain(`http://club.test/comments/${c.photo.id}`);
    expect(links).toContainEqual(
      expect.stringMatching(new RegExp(`^http://club.test/media/photos/${c.photo.id}/thumb\\?v=[\\w-]{12}$`)),
    );
    expect(links).toContain(`http://club.test/members/${c.owner.username}/edit`);

    // The HTML shows the body as text: escaped, never markup.
    expect(received!.html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Great &lt;b&gt;timing&lt;/b&gt; &amp; light",
    );
    expect(received!.html).not.toContain("<script>");
    expect(received!.html).not.toContain("<b>timing");
    expect(received!.html).toContain(`href="http://club.test/comments/${c.photo.id}"`);
    // A members-only address answers a mail client 404: never an <img> of it (this photo has no stored thumbnail).
    expect(received!.html).not.toMatch(/<img[^>]+\/media\//);
    // Nobody else hears of it.
    expect(mailsTo(c.ann.email)).toEqual([]);
  });

  it("shows the photo's picture inline: an attached JPEG of its thumbnail that the <img> names by cid", async () => {
    const c = await club();
    await storeRealThumbnail(c.photo);
    await comment(c.photo.id, "Nice shadows.", c.bobCookie);

    const [received] = mailsTo(c.owner.email);
    const [picture, ...others] = received!.parsed.attachments;
    expect(others).toEqual([]);
    expect(picture!.contentDisposition).toBe("inline");
    expect(picture!.contentType).toBe("image/jpeg");
    expect(received!.html).toContain(`<img src="cid:${picture!.cid}"`);
    expect([...picture!.content.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const { default: sharp } = await import("sharp");
    expect(await sharp(picture!.content).metadata()).toMatchObject({ format: "jpeg", width: 256 });
  });

  it("sends at most one e-mail per photo per 15 minutes and gathers the later comments into the next", async () => {
    const c = await club();
    await comment(c.photo.id, "First!", c.annCookie);
    expect(mailsTo(c.owner.email)).toHaveLength(1);

    await comment(c.photo.id, "Second, from Bob.", c.bobCookie);
    await comment(c.photo.id, "Third, Ann again.", c.annCookie);
    expect(mailsTo(c.owner.email)).toHaveLength(1);
    // Before the window ends, the periodic job has nothing to send for this photo.
    expect(await sendDueCommentNotifications({ photoId: c.photo.id })).toBe(0);
    expect((await notificationRow(c.photo.id))!.pendingSince).not.toBeNull();

    await windowEnds(c.photo.id);
    expect(await sendDueCommentNotifications({ photoId: c.photo.id })).toBe(1);
    const [, digest, ...more] = mailsTo(c.owner.email);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe(`2 new comments on your photo "Market street" (${env().SITE_TITLE})`);
    expect(digest!.text).toContain(`Bob ${c.bob.lastName} wrote:\nSecond, from Bob.`);
    expect(digest!.text).toContain(`Ann ${c.ann.lastName} wrote:\nThird, Ann again.`);
    expect(digest!.text.indexOf("Second")).toBeLessThan(digest!.text.indexOf("Third"));
    expect(digest!.text).not.toContain("First!");
    expect((await notificationRow(c.photo.id))!.pendingSince).toBeNull();

    // Nothing waits now: even after another 15 minutes, no e-mail without a new comment.
    await windowEnds(c.photo.id);
    expect(await sendDueCommentNotifications({ photoId: c.photo.id })).toBe(0);
    // A comment after a quiet window goes at once, alone.
    await comment(c.photo.id, "Fourth.", c.bobCookie);
    const all = mailsTo(c.owner.email);
    expect(all).toHaveLength(3);
    expect(all[2]!.text).toContain("Fourth.");
    expect(all[2]!.text).not.toContain("Third");
  });

  it("sends the waiting e-mail from the periodic call without a photo named", async () => {
    const c = await club();
    await comment(c.photo.id, "One.", c.annCookie);
    await comment(c.photo.id, "Two.", c.bobCookie);
    await windowEnds(c.photo.id);
    expect(await sendDueCommentNotifications()).toBeGreaterThanOrEqual(1);
    const received = mailsTo(c.owner.email);
    expect(received).toHaveLength(2);
    expect(received[1]!.text).toContain("Two.");
  });

  it("sends every due e-mail, batch after batch", async () => {
    const clubs = [await club(), await club(), await club()];
    for (const c of clubs) {
      await comment(c.photo.id, "At once.", c.annCookie);
      await comment(c.photo.id, `Waiting for ${c.owner.firstName} ${c.owner.lastName}.`, c.bobCookie);
      await windowEnds(c.photo.id);
    }
    expect(await sendDueCommentNotifications({ batch: 2 })).toBeGreaterThanOrEqual(3);
    for (const c of clubs) {
      const received = mailsTo(c.owner.email);
      expect(received).toHaveLength(2);
      expect(received[1]!.text).toContain(`Waiting for ${c.owner.firstName} ${c.owner.lastName}.`);
    }
  });

  it("sends nothing for the owner's own comments, and leaves them out of the others' e-mail", async () => {
    const c = await club();
    await comment(c.photo.id, "My own note.", c.ownerCookie);
    expect(mailsTo(c.owner.email)).toEqual([]);
    expect(await notificationRow(c.photo.id)).toBeUndefined();

    await comment(c.photo.id, "Nice one.", c.annCookie);
    await comment(c.photo.id, "Thanks, Ann!", c.ownerCookie);
    await comment(c.photo.id, "Agreed.", c.bobCookie);
    await windowEnds(c.photo.id);
    await sendDueCommentNotifications({ photoId: c.photo.id });
    const [first, second] = mailsTo(c.owner.email);
    expect(first!.text).toContain("Nice one.");
    expect(first!.text).not.toContain("My own note.");
    expect(second!.subject).toMatch(/^Bob .* commented on your photo/);
    expect(second!.text).not.toContain("Thanks, Ann!");
  });

  it("sends nothing to a member who turned comment e-mails off, nor later about those comments", async () => {
    const c = await club();
    await db().update(users).set({ commentEmails: false }).where(eq(users.id, c.owner.id));
    await comment(c.photo.id, "While off.", c.annCookie);
    expect(mailsTo(c.owner.email)).toEqual([]);
    expect(await notificationRow(c.photo.id)).toBeUndefined();

    await db().update(users).set({ commentEmails: true }).where(eq(users.id, c.owner.id));
    await comment(c.photo.id, "Now on.", c.bobCookie);
    const [received, ...more] = mailsTo(c.owner.email);
    expect(more).toEqual([]);
    expect(received!.text).toContain("Now on.");
    expect(received!.text).not.toContain("While off.");
  });

  it("drops waiting comments when the owner turns e-mails off before the window ends", async () => {
    const c = await club();
    await comment(c.photo.id, "First.", c.annCookie);
    await comment(c.photo.id, "Waiting.", c.bobCookie);
    await db().update(users).set({ commentEmails: false }).where(eq(users.id, c.owner.id));
    await windowEnds(c.photo.id);
    expect(await sendDueCommentNotifications({ photoId: c.photo.id })).toBe(0);
    expect(mailsTo(c.owner.email)).toHaveLength(1);
    expect((await notificationRow(c.photo.id))!.pendingSince).toBeNull();
  });

  it("sends a waiting e-mail exactly once when several senders run at the same moment", async () => {
    const c = await club();
    await comment(c.photo.id, "First.", c.annCookie);
    await comment(c.photo.id, "Gathered.", c.bobCookie);
    await windowEnds(c.photo.id);
    const sent = await Promise.all(
      Array.from({ length: 8 }, () => sendDueCommentNotifications({ photoId: c.photo.id })),
    );
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    const received = mailsTo(c.owner.email);
    expect(received).toHaveLength(2);
    expect(received.filter((message) => message.text.includes("Gathered."))).toHaveLength(1);
  });

  it("mails every comment once when many members comment on one photo at once", async () => {
    const c = await club();
    const commenters = await Promise.all(Array.from({ length: 12 }, () => makeMember()));
    const cookies = await Promise.all(commenters.map((member) => cookieFor(member.id)));
    await Promise.all(cookies.map((cookie, i) => comment(c.photo.id, `Comment number ${i}.`, cookie)));
    await commentNotificationsSettled();
    await windowEnds(c.photo.id);
    await sendDueCommentNotifications({ photoId: c.photo.id });
    // However the commits and claims interleave: one e-mail at once, at most one after the window,
    // and every comment in exactly one of them.
    const received = mailsTo(c.owner.email);
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received.length).toBeLessThanOrEqual(2);
    const text = received.map((message) => message.text).join("\n");
    for (let i = 0; i < 12; i++) expect(text.split(`Comment number ${i}.`)).toHaveLength(2);
  });

  it("keeps a failed e-mail's comments waiting for the next one", async () => {
    const c = await club();
    // An address the mailer refuses to send to stands in for a failing mail server.
    await db().update(users).set({ email: "not an address" }).where(eq(users.id, c.owner.id));
    const { lines } = await withLogLines(() => comment(c.photo.id, "Lost?", c.annCookie), "warn");
    // The failure is logged, and putting the comments back is not.
    expect(lines.map((line) => line.msg)).toEqual([expect.stringContaining(`photo ${c.photo.id} failed`)]);
    const row = await notificationRow(c.photo.id);
    expect(row!.pendingSince).not.toBeNull();
    expect(row!.sentAt).not.toBeNull();

    await db().update(users).set({ email: c.owner.email }).where(eq(users.id, c.owner.id));
    expect(await sendDueCommentNotifications({ photoId: c.photo.id })).toBe(0);
    await windowEnds(c.photo.id);
    expect(await sendDueCommentNotifications({ photoId: c.photo.id })).toBe(1);
    const [received] = mailsTo(c.owner.email);
    expect(received!.text).toContain("Lost?");
  });

  it("sends nothing about a deactivated member's photo", async () => {
    const c = await club();
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, c.owner.id));
    await comment(c.photo.id, "Hello?", c.annCookie);
    expect(mailsTo(c.owner.email)).toEqual([]);
  });
});
