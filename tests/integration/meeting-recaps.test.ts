// Recap e-mails after a meeting, through a real SMTP server:
// the top three with their pictures, the member's own photos' marks and the
// link to the results, in HTML and text; once per member (also when two calls
// race), to active members with meeting e-mails on; by the jobs two hours after
// a meeting that is not anonymous starts, and never for an anonymous meeting
// not yet revealed.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { meetingRecaps, meetings } from "@db/schema";
import { queueMeetingRecaps, sendDueMeetingRecaps } from "~/services/meetings/recaps.server";
import { ratePhoto } from "~/services/ratings/ratings.server";
import { useMailCatcher } from "../support/club-mail";
import { makeMember } from "../support/members";
import { insertMeeting, submitDirectly } from "../support/meetings";
import { commentDirectly, insertPhoto, storeRealThumbnail } from "../support/photos";

const mail = useMailCatcher();

const HOUR = 60 * 60 * 1000;
const mailsTo = (email: string) => mail.messages.filter((m) => m.recipients.includes(email.toLowerCase()));
const recapsTo = (email: string, meetingId: number) =>
  mailsTo(email).filter((m) => m.text.includes(`/meetings/${meetingId}/results`));

/** A night of four photos by three members, rated and commented: Ann's 'Rain' first, Bob's 'Fog' second. */
async function ratedNight(values: Partial<typeof meetings.$inferInsert> = {}) {
  const [ann, bob, cy, dee] = await Promise.all([
    makeMember({ firstName: "Ann" }),
    makeMember({ firstName: "Bob" }),
    makeMember({ firstName: "Cy" }),
    makeMember({ firstName: "Dee" }),
  ]);
  const meeting = await insertMeeting({
    startsAt: new Date(Date.now() - 3 * HOUR),
    topic: "Wet streets\nAfter the rain.",
    ...values,
  });
  const rain = await insertPhoto(ann.id, { caption: "Rain" });
  const fog = await insertPhoto(bob.id, { caption: "Fog" });
  const puddle = await insertPhoto(cy.id, { caption: "Puddle & <lamp>" });
  const drizzle = await insertPhoto(ann.id, { caption: "Drizzle" });
  for (const [index, photo] of [rain, fog, puddle, drizzle].entries()) {
    await submitDirectly(meeting.id, photo, index + 1);
  }
  // Rain: 5, 5 (and Ann's own 1, left out); Fog: 4, 4, 5; Puddle: 3; Drizzle: none.
  await ratePhoto(bob, rain.id, { value: 5 });
  await ratePhoto(cy, rain.id, { value: 5 });
  await ratePhoto(ann, rain.id, { value: 1 });
  await ratePhoto(ann, fog.id, { value: 4 });
  await ratePhoto(cy, fog.id, { value: 4 });
  await ratePhoto(dee, fog.id, { value: 5 });
  await ratePhoto(dee, puddle.id, { value: 3 });
  await commentDirectly([
    [rain, bob, "Lovely light."],
    [drizzle, cy, "Sharp."],
    [drizzle, dee, "Moody."],
  ]);
  return { ann, bob, cy, dee, meeting, rain, fog, puddle, drizzle };
}

describe("the recap e-mail", () => {
  it("names the top three with their pictures, the member's own photos' marks and the results' link, in text and HTML", async () => {
    const night = await ratedNight();
    await queueMeetingRecaps(night.meeting.id);

    const toAnn = await mail.waitForMail(night.ann.email, { subject: /^Results: Wet streets/ });
    expect(toAnn.subject).toMatch(/^Results: Wet streets, .+ \(.+\)$/);
    expect(toAnn.text).toContain("The top three:");
    expect(toAnn.text).toContain(
      `1. Photo of the night: "Rain" by Ann ${night.ann.lastName} (5.0 from 2 ratings, 1 comment)`,
    );
    expect(toAnn.text).toContain(`2. Second: "Fog" by Bob ${night.bob.lastName} (4.3 from 3 ratings, 0 comments)`);
    expect(toAnn.text).toContain(
      `3. Third: "Puddle & <lamp>" by Cy ${night.cy.lastName} (3.0 from 1 rating, 0 comments)`,
    );
    expect(toAnn.text).toContain("Your 2 photos of the 4 submitted:");
    expect(toAnn.text).toContain('- "Rain": ranked 1, 5.0 from 2 ratings, 1 comment');
    expect(toAnn.text).toContain('- "Drizzle": ranked 4, no ratings, 2 comments');
    expect(toAnn.text).toContain(`All the results: http://club.test/meetings/${night.meeting.id}/results`);
    expect(toAnn.text).toContain(`http://club.test/members/${night.ann.username}/edit`);

    // No members-only picture address (a mail client has no session: it answers 404); these photos have no
    // stored thumbnail, so no picture at all. Captions escaped.
    expect(toAnn.html).not.toContain("/media/photos/");
    expect(toAnn.html).not.toContain("<img");
    expect(toAnn.html).toContain("Puddle &amp; &lt;lamp&gt;");
    expect(toAnn.html).not.toContain("<lamp>");
    expect(toAnn.html).toContain(`href="http://club.test/meetings/${night.meeting.id}/results"`);

    const toDee = await mail.waitForMail(night.dee.email, { subject: /^Results: Wet streets/ });
    expect(toDee.text).toContain("You did not submit a photo to this meeting; 4 photos were submitted.");
    const toCy = await mail.waitForMail(night.cy.email, { subject: /^Results: Wet streets/ });
    expect(toCy.text).toContain("Your photo of the 4 submitted:");
    expect(toCy.text).toContain('- "Puddle & <lamp>": ranked 3, 3.0 from 1 rating, 0 comments');
  });

  it("carries the top three's pictures inline: each <img> names by cid an attached JPEG of the stored thumbnail", async () => {
    const night = await ratedNight();
    for (const photo of [night.rain, night.fog, night.puddle, night.drizzle]) await storeRealThumbnail(photo);
    await queueMeetingRecaps(night.meeting.id);

    const toDee = await mail.waitForMail(night.dee.email, { subject: /^Results: Wet streets/ });
    const attachments = toDee.parsed.attachments;
    expect(attachments).toHaveLength(3);
    const sources = [...toDee.html.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toHaveLength(3);
    for (const [index, photo] of [night.rain, night.fog, night.puddle].entries()) {
      const attached = attachments[index]!;
      expect(sources[index]).toBe(`cid:${attached.cid}`);
      expect(attached.cid).toContain(`photo-${photo.id}`);
      expect(attached.contentDisposition).toBe("inline");
      expect(attached.contentType).toBe("image/jpeg");
      // Real picture bytes: a JPEG 256 px wide, small.
      expect([...attached.content.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const { default: sharp } = await import("sharp");
      const size = await sharp(attached.content).metadata();
      expect(size).toMatchObject({ format: "jpeg", width: 256, height: 171 });
      expect(attached.size).toBeLessThan(100_000);
    }
    // The fourth photo is not among the top three: not attached, not linked.
    expect(attachments.map((attached) => attached.cid).join()).not.toContain(`photo-${night.drizzle.id}`);
    expect(toDee.html).not.toContain("/media/photos/");
  });

  it("says 'Joint first' for photos sharing the first place, and the next place is third", async () => {
    const night = await ratedNight();
    // Fog now has Rain's marks: 5 and 5 from two members.
    await ratePhoto(night.ann, night.fog.id, { value: 5 });
    await ratePhoto(night.cy, night.fog.id, { value: 5 });
    await ratePhoto(night.dee, night.fog.id, { value: 0 });
    await queueMeetingRecaps(night.meeting.id);

    const toBob = await mail.waitForMail(night.bob.email, { subject: /^Results: Wet streets/ });
    expect(toBob.text).toContain("The top three:");
    expect(toBob.text).toContain(`1. Joint first: "Rain" by Ann ${night.ann.lastName} (5.0 from 2 ratings, 1 comment)`);
    expect(toBob.text).toContain(`1. Joint first: "Fog" by Bob ${night.bob.lastName} (5.0 from 2 ratings, 0 comments)`);
    expect(toBob.text).toContain(
      `3. Third: "Puddle & <lamp>" by Cy ${night.cy.lastName} (3.0 from 1 rating, 0 comments)`,
    );
    expect(toBob.text).not.toContain("Photo of the night");
    expect(toBob.text).not.toContain("Second");
    expect(toBob.text).toContain('- "Fog": ranked 1 (joint), 5.0 from 2 ratings, 0 comments');
    expect(toBob.html).toContain("<strong>1. Joint first</strong>");
  });

  it("goes once to each active member with meeting e-mails on, also when two calls race", async () => {
    const night = await ratedNight();
    const quiet = await makeMember({ meetingReminders: false });
    const gone = await makeMember({ deactivatedAt: new Date() });

    await Promise.all([queueMeetingRecaps(night.meeting.id), queueMeetingRecaps(night.meeting.id)]);
    await queueMeetingRecaps(night.meeting.id);
    for (const member of [night.ann, night.bob, night.cy, night.dee]) {
      expect(recapsTo(member.email, night.meeting.id), member.email).toHaveLength(1);
    }
    expect(recapsTo(quiet.email, night.meeting.id)).toEqual([]);
    expect(recapsTo(gone.email, night.meeting.id)).toEqual([]);
    // Members of the file's earlier tests are members too: each claimed once, each mailed once.
    const claims = await db().select().from(meetingRecaps).where(eq(meetingRecaps.meetingId, night.meeting.id));
    const claimed = claims.map((c) => c.userId);
    expect(claimed).toEqual(expect.arrayContaining([night.ann.id, night.bob.id, night.cy.id, night.dee.id]));
    expect(claimed).not.toContain(quiet.id);
    expect(claimed).not.toContain(gone.id);
    const recaps = mail.messages.filter((m) => m.text.includes(`/meetings/${night.meeting.id}/results`));
    expect(recaps).toHaveLength(claims.length);
    const [marked] = await db().select().from(meetings).where(eq(meetings.id, night.meeting.id));
    expect(marked!.recapQueuedAt).toBeInstanceOf(Date);
  });

  it("is not sent for an anonymous meeting until it is revealed, nor for a meeting without photos", async () => {
    const night = await ratedNight({ anonymous: true });
    await queueMeetingRecaps(night.meeting.id);
    const empty = await insertMeeting({ startsAt: new Date(Date.now() - 3 * HOUR) });
    await queueMeetingRecaps(empty.id);
    const [unrevealed] = await db().select().from(meetings).where(eq(meetings.id, night.meeting.id));
    expect(unrevealed!.recapQueuedAt).toBeNull();
    expect(await db().select().from(meetingRecaps).where(eq(meetingRecaps.meetingId, night.meeting.id))).toEqual([]);
    expect(await db().select().from(meetingRecaps).where(eq(meetingRecaps.meetingId, empty.id))).toEqual([]);

    // Revealed (as the reveal service does, then calls queueMeetingRecaps after its commit).
    await db().update(meetings).set({ revealedAt: new Date() }).where(eq(meetings.id, night.meeting.id));
    await queueMeetingRecaps(night.meeting.id);
    const toBob = await mail.waitForMail(night.bob.email, { subject: /^Results: Wet streets/, since: 0 });
    expect(recapsTo(night.bob.email, night.meeting.id)).toHaveLength(1);
    expect(toBob.text).toContain(`"Rain" by Ann ${night.ann.lastName}`);
  });

  it("refuses to run inside a transaction: the e-mails go after the commit", async () => {
    const { transaction } = await import("@db/client.server");
    await expect(transaction(async () => queueMeetingRecaps(1))).rejects.toThrow(/after the commit/);
  });
});

describe("the jobs' recaps", () => {
  it("go two hours after a meeting that is not anonymous starts, once, and never for an unrevealed anonymous one", async () => {
    const now = new Date("2096-05-01T20:00:00Z");
    const member = await makeMember();
    const photoFor = async (startsAt: Date, anonymous = false) => {
      const meeting = await insertMeeting({ startsAt, anonymous });
      await submitDirectly(meeting.id, await insertPhoto(member.id, { caption: `At ${startsAt.toISOString()}` }), 1);
      return meeting;
    };
    const due = await photoFor(new Date(now.getTime() - 2 * HOUR));
    const tooSoon = await photoFor(new Date(now.getTime() - 2 * HOUR + 60_000));
    const anonymous = await photoFor(new Date(now.getTime() - 3 * HOUR), true);
    const tooOld = await photoFor(new Date(now.getTime() - 3 * 24 * HOUR));

    const first = await sendDueMeetingRecaps(now);
    expect(recapsTo(member.email, due.id)).toHaveLength(1);
    expect(first).toBeGreaterThanOrEqual(1);
    for (const other of [tooSoon, anonymous, tooOld]) expect(recapsTo(member.email, other.id)).toEqual([]);
    const marked = await db()
      .select({ id: meetings.id, queued: meetings.recapQueuedAt })
      .from(meetings)
      .where(eq(meetings.id, tooSoon.id));
    expect(marked[0]!.queued).toBeNull();

    // The next run: nothing twice; a minute later the other meeting is due.
    expect(await sendDueMeetingRecaps(now)).toBe(0);
    await sendDueMeetingRecaps(new Date(now.getTime() + 60_000));
    expect(recapsTo(member.email, due.id)).toHaveLength(1);
    expect(recapsTo(member.email, tooSoon.id)).toHaveLength(1);
    expect(recapsTo(member.email, anonymous.id)).toEqual([]);
    const claimed = await db()
      .select()
      .from(meetingRecaps)
      .where(and(eq(meetingRecaps.userId, member.id), eq(meetingRecaps.meetingId, anonymous.id)));
    expect(claimed).toEqual([]);
  });
});
