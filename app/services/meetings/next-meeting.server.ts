// The /account page: what a member needs next (the contract leaves it open): who they
// are, and the club's next meeting.
import { asc, gte } from "drizzle-orm";
import { db } from "@db/client.server";
import { meetings } from "@db/schema";
import { meetingTitle, upcomingSince } from "~/lib/meetings";

/** A meeting still counts as upcoming until two hours after it started. */
export { MEETING_UPCOMING_GRACE_MS } from "~/lib/meetings";

export type NextMeeting = { id: number; startsAt: string; title: string; callLink: string | null };

export async function nextMeeting(now = new Date()): Promise<NextMeeting | null> {
  const [meeting] = await db()
    .select({ id: meetings.id, startsAt: meetings.startsAt, topic: meetings.topic, callLink: meetings.callLink })
    .from(meetings)
    .where(gte(meetings.startsAt, upcomingSince(now)))
    .orderBy(asc(meetings.startsAt), asc(meetings.id))
    .limit(1);
  if (!meeting) return null;
  return {
    id: meeting.id,
    startsAt: meeting.startsAt.toISOString(),
    title: meetingTitle(meeting.topic),
    callLink: meeting.callLink,
  };
}
