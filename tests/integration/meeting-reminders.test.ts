// Reminder e-mails before a meeting, through a real SMTP server (smtp-server)
// and through the .eml fallback: one per member who may submit, with the time
// on the club's clock, the topic, the call link and their uploads; exactly once,
// also when two server instances send at the same moment.
//
// Every case works in its own far-future window (`now` is passed in), so the
// meetings other test files make never fall inside it.
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { meetingReminders, users } from "@db/schema";
import { env } from "~/env.server";
import { closeMail, mailFolder } from "~/services/mail/mail.server";
import { sendDueMeetingReminders, setMeetingReminders } from "~/services/meetings/reminders.server";
import { ForbiddenError } from "~/services/errors.server";
import { LEVEL, withLogLines } from "../support/log-lines";
import { startMailCatcher, type MailCatcher } from "../support/mail";
import { makeMember } from "../support/members";
import { insertMeeting, submitDirectly } from "../support/meetings";
import { insertPhoto } from "../support/photos";

const ZONE = "America/Los_Angeles";
const saved = {
  zone: process.env.CLUB_TIME_ZONE,
  smtp: process.env.SMTP_URL,
  hours: process.env.MEETING_REMINDER_HOURS,
};
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
  process.env.SMTP_URL = mail.url;
  process.env.CLUB_TIME_ZONE = ZONE;
  delete process.env.MEETING_REMINDER_HOURS;
  expect(env()).toMatchObject({ SMTP_URL: mail.url, CLUB_TIME_ZONE: ZONE, MEETING_REMINDER_HOURS: 24 });
});

afterAll(async () => {
  closeMail();
  await mail.close();
  for (const [name, value] of [
    ["CLUB_TIME_ZONE", saved.zone],
    ["SMTP_URL", saved.smtp],
    ["MEETING_REMINDER_HOURS", saved.hours],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const HOUR = 60 * 60 * 1000;
const mailsTo = (email: string) => mail.messages.filter((m) => m.recipients.includes(email.toLowerCase()));

describe("reminders", () => {
  it("mails each member who may submit once, with the time on the club's clock, the topic, the call link and their uploads", async () => {
    const now = new Date("2095-03-01T12:00:00Z");
    const [ann, bob, offList, quiet, gone] = await Promise.all([
      makeMember({ firstName: "Ann" }),
      makeMember({ firstName: "Bob" }),
      makeMember(),
      makeMember(),
      makeMember(),
    ]);
    await setMeetingReminders(quiet, quiet.id, false);
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    const listed = [ann.id, bob.id, quiet.id, gone.id];
    const meeting = await insertMeeting({
      startsAt: new Date(now.getTime() + 10 * HOUR), // 22:00 UTC: 2 pm in Los Angeles
      topic: "Night streets\nAvailable light only.",
      callLink: "https://meet.example.com/night?a=1&b=2",
      maxUploadsCount: 3,
      allowedUserIds: listed,
    });
    // Outside the window: too far ahead, and already started.
    await insertMeeting({ startsAt: new Date(now.getTime() + 30 * HOUR), allowedUserIds: listed });
    await insertMeeting({ startsAt: new Date(now.getTime() - HOUR), allowedUserIds: listed });
    await submitDirectly(meeting.id, await insertPhoto(ann.id), 1);
    await submitDirectly(meeting.id, await insertPhoto(ann.id), 2);

    const before = mail.messages.length;
    expect(await sendDueMeetingReminders(now)).toBe(2);
    expect(mail.messages.length - before).toBe(2);

    const toAnn = await mail.waitForMail(ann.email);
    expect(toAnn.subject).toBe("Reminder: Night streets, Tue, Mar 1, 2095, 2:00 PM");
    expect(toAnn.text).toContain("meeting is on Tue, Mar 1, 2095, 2:00 PM (America/Los Angeles time).");
    expect(toAnn.text).toContain("Available light only.");
    expect(toAnn.text).toContain("Join the call: https://meet.example.com/night?a=1&b=2");
    expect(toAnn.text).toContain("You have uploaded 2 photos for this meeting and may upload 1 more.");
    expect(toAnn.text).toContain(`http://club.test/meetings/${meeting.id}/upload`);
    expect(toAnn.text).toContain(`http://club.test/members/${ann.username}/edit`);
    expect(toAnn.html).toContain('href="https://meet.example.com/night?a=1&amp;b=2"');
    expect(toAnn.html).toContain(`http://club.test/meetings/${meeting.id}/upload`);
    const toBob = await mail.waitForMail(bob.email);
    expect(toBob.text).toContain("You have uploaded 0 photos for this meeting and may upload 3 more.");
    for (const nobody of [offList, quiet, gone]) expect(mailsTo(nobody.email)).toEqual([]);

    // Again, and after a 'restart': nobody hears twice.
    expect(await sendDueMeetingReminders(now)).toBe(0);
    expect(await sendDueMeetingReminders(new Date(now.getTime() + 5 * HOUR))).toBe(0);
    expect(mailsTo(ann.email)).toHaveLength(1);
  });

  it("sends each member one e-mail when two server instances send at the same moment", async () => {
    const now = new Date("2095-04-01T12:00:00Z");
    const members = await Promise.all(Array.from({ length: 8 }, () => makeMember()));
    const ids = members.map((m) => m.id);
    const meetings = [
      await insertMeeting({ startsAt: new Date(now.getTime() + 2 * HOUR), allowedUserIds: ids }),
      await insertMeeting({ startsAt: new Date(now.getTime() + 20 * HOUR), allowedUserIds: ids.slice(0, 4) }),
    ];
    const sent = await Promise.all([sendDueMeetingReminders(now), sendDueMeetingReminders(now)]);
    expect(sent[0]! + sent[1]!).toBe(12);
    for (const [index, member] of members.entries()) {
      expect(mailsTo(member.email), member.email).toHaveLength(index < 4 ? 2 : 1);
    }
    const claims = await db()
      .select()
      .from(meetingReminders)
      .where(
        inArray(
          meetingReminders.meetingId,
          meetings.map((m) => m.id),
        ),
      );
    expect(claims).toHaveLength(12);
  });

  it("gives a failed e-mail's claim back, so the next run sends it", async () => {
    const now = new Date("2095-05-01T12:00:00Z");
    const member = await makeMember();
    const meeting = await insertMeeting({ startsAt: new Date(now.getTime() + HOUR), allowedUserIds: [member.id] });
    const config = env();
    const working = config.SMTP_URL;
    try {
      closeMail();
      config.SMTP_URL = "smtp://127.0.0.1:9";
      const { result, lines } = await withLogLines(() => sendDueMeetingReminders(now));
      expect(result).toBe(0);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: LEVEL.error,
          msg: `The reminder of meeting ${meeting.id} to member ${member.id} failed; it goes again`,
        }),
      );
    } finally {
      closeMail();
      config.SMTP_URL = working;
    }
    expect(
      await db()
        .select()
        .from(meetingReminders)
        .where(and(eq(meetingReminders.meetingId, meeting.id), eq(meetingReminders.userId, member.id))),
    ).toEqual([]);
    expect(await sendDueMeetingReminders(now)).toBe(1);
    expect(mailsTo(member.email)).toHaveLength(1);
  });

  it("sends nothing when MEETING_REMINDER_HOURS is 0", async () => {
    const now = new Date("2095-06-01T12:00:00Z");
    const member = await makeMember();
    await insertMeeting({ startsAt: new Date(now.getTime() + HOUR), allowedUserIds: [member.id] });
    const config = env();
    config.MEETING_REMINDER_HOURS = 0;
    try {
      expect(await sendDueMeetingReminders(now)).toBe(0);
    } finally {
      config.MEETING_REMINDER_HOURS = 24;
    }
    expect(mailsTo(member.email)).toEqual([]);
    expect(await db().select().from(meetingReminders).where(eq(meetingReminders.userId, member.id))).toEqual([]);
  });

  it("writes the reminder as an .eml file when no SMTP server is set", async () => {
    const now = new Date("2095-07-01T12:00:00Z");
    const member = await makeMember({ firstName: "Eml" });
    await insertMeeting({
      startsAt: new Date(now.getTime() + 3 * HOUR),
      topic: "Portraits",
      allowedUserIds: [member.id],
    });
    const config = env();
    const working = config.SMTP_URL;
    const before = new Set(await fs.readdir(mailFolder()).catch(() => [] as string[]));
    try {
      closeMail();
      config.SMTP_URL = undefined;
      expect((await withLogLines(() => sendDueMeetingReminders(now))).result).toBe(1);
    } finally {
      closeMail();
      config.SMTP_URL = working;
    }
    const written = (await fs.readdir(mailFolder())).filter((name) => !before.has(name));
    const parsed = await Promise.all(
      written.map(async (name) => simpleParser(await fs.readFile(path.join(mailFolder(), name)))),
    );
    const mine = parsed.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === member.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toMatch(/^Reminder: Portraits, /);
    expect(mine[0]!.text).toContain("You have uploaded 0 photos for this meeting and may upload 4 more.");
    expect(mine[0]!.html).toContain("Upload your photos");
  });

  it("lets a member turn their own reminders off, and nobody else's", async () => {
    const member = await makeMember();
    const other = await makeMember();
    await expect(setMeetingReminders(other, member.id, false)).rejects.toBeInstanceOf(ForbiddenError);
    await setMeetingReminders(member, member.id, false);
    const [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect(row!.meetingReminders).toBe(false);
  });
});
