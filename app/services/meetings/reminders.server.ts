// Reminder e-mails (beyond the contract): MEETING_REMINDER_HOURS before each
// meeting (0 turns them off), every active member who may submit to it and
// has not turned reminders off gets one e-mail.
//
// Exactly once per member per meeting, as recaps: each reminder is claimed by
// its meeting_reminders row before it goes (claimed-mail.server.ts says how).
import { and, count, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import { db, outsideTransaction } from "@db/client.server";
import { meetingReminders, meetings, meetingSubmissions, users } from "@db/schema";
import { env } from "~/env.server";
import { clubName } from "~/services/club/club-name.server";
import { mayEditProfile, maySubmitToMeetingSql, requireLoggedIn, type ViewerRef } from "~/services/access.server";
import { ForbiddenError, NotFoundError } from "~/services/errors.server";
import { claimMails, sendClaimedMail, type MailClaim } from "./claimed-mail.server";
import { clubTimeZone } from "./club-zone.server";
import { meetingReminderMail } from "./reminder-mail.server";

/** How often the server should call sendDueMeetingReminders. */
export const MEETING_REMINDER_CHECK_SECONDS = 60;

/**
 * Sends every reminder that is due: meetings starting within the next
 * MEETING_REMINDER_HOURS, to each member who may submit and has not heard yet.
 * Safe to run in several processes at once; returns how many e-mails went.
 */
export async function sendDueMeetingReminders(now = new Date()): Promise<number> {
  const hours = env().MEETING_REMINDER_HOURS;
  if (hours <= 0) return 0;
  return outsideTransaction(async () => {
    const claims = await claimDue(now, hours);
    if (claims.length === 0) return 0;
    const mails = await mailsFor(claims, hours);
    let sent = 0;
    for (const { claim, mail } of mails) {
      if (await sendClaimedMail("reminder", meetingReminders, claim, mail)) sent++;
    }
    return sent;
  });
}

async function claimDue(now: Date, hours: number): Promise<MailClaim[]> {
  const until = new Date(now.getTime() + hours * 60 * 60 * 1000);
  return claimMails(
    meetingReminders,
    maySubmitToMeetingSql(meetings.allowedUserIds, users.id),
    and(
      gt(meetings.startsAt, now),
      lte(meetings.startsAt, until),
      isNull(users.deactivatedAt),
      eq(users.meetingReminders, true),
    ),
  );
}

/** The e-mail of each claim (three queries however many there are). */
async function mailsFor(claims: MailClaim[], hours: number) {
  const meetingIds = [...new Set(claims.map((claim) => claim.meetingId))];
  const userIds = [...new Set(claims.map((claim) => claim.userId))];
  const meetingRows = await db().select().from(meetings).where(inArray(meetings.id, meetingIds));
  const memberRows = await db()
    .select({ id: users.id, firstName: users.firstName, username: users.username, email: users.email })
    .from(users)
    .where(inArray(users.id, userIds));
  const counted = await db()
    .select({ meetingId: meetingSubmissions.meetingId, userId: meetingSubmissions.userId, n: count() })
    .from(meetingSubmissions)
    .where(and(inArray(meetingSubmissions.meetingId, meetingIds), inArray(meetingSubmissions.userId, userIds)))
    .groupBy(meetingSubmissions.meetingId, meetingSubmissions.userId);
  const meetingsById = new Map(meetingRows.map((row) => [row.id, row]));
  const membersById = new Map(memberRows.map((row) => [row.id, row]));
  const uploads = new Map(counted.map((row) => [`${row.meetingId}:${row.userId}`, row.n]));
  const zone = clubTimeZone();
  const club = await clubName();
  return claims.flatMap((claim) => {
    const meeting = meetingsById.get(claim.meetingId);
    const member = membersById.get(claim.userId);
    if (!meeting || !member) return [];
    const uploaded = uploads.get(`${claim.meetingId}:${claim.userId}`) ?? 0;
    return [{ claim, mail: meetingReminderMail({ club, member, meeting, uploaded, zone, hoursBefore: hours }) }];
  });
}

/** A member's choice on their profile: reminders on or off (the member themself, or an admin). */
export async function setMeetingReminders(viewer: ViewerRef, memberId: number, on: boolean): Promise<void> {
  requireLoggedIn(viewer);
  if (!mayEditProfile(viewer, { id: memberId })) throw new ForbiddenError("You may not change this member's e-mails.");
  const changed = await db()
    .update(users)
    .set({ meetingReminders: on })
    .where(eq(users.id, memberId))
    .returning({ id: users.id });
  if (changed.length === 0) throw new NotFoundError("Member not found.");
}
