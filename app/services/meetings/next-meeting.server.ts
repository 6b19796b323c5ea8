// The /account page: what a member needs next (spec leaves it open): who they
// are, and the club's next meeting.
import { asc, gte } from "drizzle-orm";
import { db } from "@db/client.server";
import { meetings } from "@db/schema";

/** A meeting still counts as upcoming until two hours after it started (spec section 4). */
export const MEETING_UPCOMING_GRACE_MS = 2 * 60 * 60 * 1000;

export type NextMeeting = { id: number; startsAt: string; title: string; callLink: string | null };

export async function nextMeeting(now = new Date()): Promise<NextMeeting | null> {
  const [meeting] = await db()
    .select({ id: meetings.id, startsAt: meetings.startsAt, topic: meetings.topic, callLink: meetings.callLink })
    .from(meetings)
    .where(gte(meetings.startsAt, new Date(now.getTime() - MEETING_UPCOMING_GRACE_MS)))
    .orderBy(asc(meetings.startsAt), asc(meetings.id))
    .limit(1);
  if (!meeting) return null;
  return {
    id: meeting.id,
    startsAt: meeting.startsAt.toISOString(),
    // The topic's first line is its title (spec section 3).
    title: meeting.topic.split(/\r?\n/)[0]!.trim(),
    callLink: meeting.callLink,
  };
}
