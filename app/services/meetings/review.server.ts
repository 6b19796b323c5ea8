// What the review of a meeting (follow the host) asks the database:
// whether a photo the leader shows is one of the meeting's, so followers are
// never sent to a photo of another meeting or one that does not exist.
import { and, eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { meetingSubmissions } from "@db/schema";

/** Whether `photoId` was submitted to `meetingId`. */
export async function isMeetingPhoto(meetingId: number, photoId: number): Promise<boolean> {
  const [row] = await db()
    .select({ id: meetingSubmissions.id })
    .from(meetingSubmissions)
    .where(and(eq(meetingSubmissions.meetingId, meetingId), eq(meetingSubmissions.photoId, photoId)))
    .limit(1);
  return !!row;
}
