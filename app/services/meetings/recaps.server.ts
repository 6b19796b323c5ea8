// Recap e-mails after a meeting: when an admin reveals an
// anonymous meeting (the reveal calls queueMeetingRecaps after its commit), or
// two hours after a meeting that is not anonymous starts (the jobs call
// sendDueMeetingRecaps), every active member who has not turned meeting
// e-mails off (users.meetingReminders: reminders and recaps share the switch)
// gets one e-mail with the top three and their own photos' marks.
//
// Exactly once per member per meeting, as reminders are (reminders.server.ts):
// the meeting is marked once (recap_queued_at, set by one UPDATE ... WHERE
// recap_queued_at IS NULL), and each member's e-mail is claimed by inserting
// its meeting_recaps row (ON CONFLICT DO NOTHING) before it goes, so of two
// callers racing only one claims each row. An e-mail that fails gives its
// claim back and goes at the jobs' next run (for a day after the meeting was
// marked); a process that dies between the claim and the e-mail loses that
// one e-mail rather than sending it twice.
import { and, eq, gte, inArray, isNotNull, isNull, lte, not, sql, type SQL } from "drizzle-orm";
import { db, inTransaction, outsideTransaction } from "@db/client.server";
import { meetingRecaps, meetingSubmissions, meetings, users, type MeetingRow } from "@db/schema";
import { unrevealedMeetingSql } from "~/services/access.server";
import { MEETING_DURATION_MS } from "~/lib/meetings";
import { clubName } from "~/services/club/club-name.server";
import { mailImagesFor, type MailImageCache } from "~/services/mail/photo-images.server";
import { claimMails, sendClaimedMail, type MailClaim } from "./claimed-mail.server";
import { clubTimeZone } from "./club-zone.server";
import { meetingRecapMail, type RecapEntry } from "./recap-mail.server";
import { rankedSubmissions } from "./results.server";
import { competitionResults } from "~/services/competitions/competition-results.server";

/** How often the jobs call sendDueMeetingRecaps. */
export const MEETING_RECAP_CHECK_SECONDS = 5 * 60;

/** A meeting that is not anonymous is recapped this long after it starts (its two hours). */
export const RECAP_AFTER_START_MS = MEETING_DURATION_MS;

/** The jobs look this far back for meetings to recap: older ones were over before recaps existed, or are done. */
const RECAP_LOOKBACK_MS = 2 * 24 * 60 * 60 * 1000;

/** A failed e-mail is tried again at the jobs' runs for this long after its meeting was marked. */
const RETRY_FOR_MS = 24 * 60 * 60 * 1000;

const running = new Set<Promise<unknown>>();

/** Keeps `work` counted until it settles, so a shutdown waits for the e-mails under way (recapsSettled). */
function tracked<T>(work: Promise<T>): Promise<T> {
  running.add(work);
  void work.finally(() => running.delete(work)).catch(() => undefined);
  return work;
}

/** Waits for the recaps being sent (before the database closes). */
export async function recapsSettled(): Promise<void> {
  await Promise.allSettled([...running]);
}

/**
 * Sets a meeting's recap e-mails going: marks it once, claims each member's
 * e-mail and sends them. Call it after the commit that made the meeting ready
 * (the reveal's), never inside a transaction: the e-mails must not go for a
 * change that may still roll back. An anonymous meeting not yet revealed is
 * left alone (the recap names the authors); a second call sends nothing new.
 */
export function queueMeetingRecaps(meetingId: number): Promise<void> {
  if (inTransaction()) throw new Error("queueMeetingRecaps runs after the commit, outside any transaction.");
  return tracked(
    (async () => {
      await markQueued(meetingId);
      await send(await claim(eq(meetings.id, meetingId)));
    })(),
  );
}

/**
 * The jobs' turn: marks the meetings that are not anonymous and started at
 * least two hours ago (within the last two days), then claims and sends every
 * recap not yet claimed of a meeting marked in the last day (those just marked,
 * and e-mails that failed). Safe in several processes at once; returns how many went.
 */
export async function sendDueMeetingRecaps(now = new Date()): Promise<number> {
  return outsideTransaction(() =>
    tracked(
      (async () => {
        await db()
          .update(meetings)
          .set({ recapQueuedAt: now })
          .where(
            and(
              eq(meetings.anonymous, false),
              isNull(meetings.recapQueuedAt),
              lte(meetings.startsAt, new Date(now.getTime() - RECAP_AFTER_START_MS)),
              gte(meetings.startsAt, new Date(now.getTime() - RECAP_LOOKBACK_MS)),
            ),
          );
        return send(await claim(gte(meetings.recapQueuedAt, new Date(now.getTime() - RETRY_FOR_MS))!));
      })(),
    ),
  );
}

async function markQueued(meetingId: number): Promise<void> {
  await db()
    .update(meetings)
    .set({ recapQueuedAt: sql`now()` })
    .where(and(eq(meetings.id, meetingId), isNull(meetings.recapQueuedAt), not(unrevealedMeetingSql())));
}

/**
 * Claims the recap of every active member with meeting e-mails on (who was a
 * member when the meeting was marked) for the marked meetings `which` picks
 * that have submissions and show their authors.
 */
async function claim(which: SQL): Promise<MailClaim[]> {
  return claimMails(
    meetingRecaps,
    and(isNull(users.deactivatedAt), eq(users.meetingReminders, true), lte(users.createdAt, meetings.recapQueuedAt)),
    and(
      which,
      isNotNull(meetings.recapQueuedAt),
      not(unrevealedMeetingSql()),
      sql`exists (select 1 from ${meetingSubmissions} where ${meetingSubmissions.meetingId} = ${meetings.id})`,
    ),
  );
}

/** Sends each claimed e-mail (one ranking per meeting, one query for the members); a failure gives its claim back. */
async function send(claims: MailClaim[]): Promise<number> {
  if (claims.length === 0) return 0;
  const meetingIds = [...new Set(claims.map((c) => c.meetingId))];
  const meetingRows = await db().select().from(meetings).where(inArray(meetings.id, meetingIds));
  const memberRows = await db()
    .select({ id: users.id, firstName: users.firstName, username: users.username, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(claims.map((c) => c.userId))]));
  const membersById = new Map(memberRows.map((row) => [row.id, row]));
  const club = await clubName();
  const zone = clubTimeZone();
  let sent = 0;
  for (const meeting of meetingRows) {
    const ranked = await rankedSubmissions(meeting.id);
    // A published competition's results, read once for all its members' recaps.
    const entries = await competitionEntriesByMember(meeting);
    // The top photos' pictures go inline (a mail client cannot load members-only addresses), encoded once.
    const made: MailImageCache = new Map();
    // The pictures the recap shows: its placed photos (more than three when places are shared).
    const topPhotos = ranked.filter((row) => row.placed).map((row) => row.photo);
    for (const one of claims.filter((c) => c.meetingId === meeting.id)) {
      const member = membersById.get(one.userId);
      if (!member) continue;
      const images = await mailImagesFor(member, topPhotos, made);
      const mail = meetingRecapMail({
        club,
        member,
        meeting,
        ranked,
        zone,
        images,
        entries: entries && (entries.get(member.id) ?? []),
      });
      if (await sendClaimedMail("recap", meetingRecaps, one, mail)) sent++;
    }
  }
  return sent;
}

/** A published competition's entries by member, each with the judge's score and its award (names are shown by then). */
async function competitionEntriesByMember(meeting: MeetingRow): Promise<Map<number, RecapEntry[]> | undefined> {
  if (meeting.kind !== "competition" || !meeting.resultsPublishedAt) return undefined;
  const results = await competitionResults({ id: 0, isAdmin: true }, meeting);
  const byMember = new Map<number, RecapEntry[]>();
  for (const category of results.categories) {
    for (const row of category.results) {
      if (row.UserId === null) continue;
      const entry = {
        title: row.Photo.caption,
        category: category.name,
        score: row.score,
        scoreMax: results.Meeting.scoreMax,
        award: row.award,
      };
      byMember.set(row.UserId, [...(byMember.get(row.UserId) ?? []), entry]);
    }
  }
  return byMember;
}
