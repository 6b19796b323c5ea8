// An anonymous meeting's names changed (revealed, or its anonymity edited):
// its open pages, review room and photo rooms are told once the change
// commits (app/realtime: the pages load the names again, the rooms reconnect).
import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { meetingSubmissions } from "@db/schema";
import { publish } from "~/services/events.server";

/**
 * Tells the meeting's open pages and rooms, once the change commits, that its
 * names changed (revealed, or the meeting's anonymity edited). Call inside the
 * change's transaction.
 */
export async function announceNames(meetingId: number): Promise<void> {
  const photoIds = (
    await db()
      .select({ photoId: meetingSubmissions.photoId })
      .from(meetingSubmissions)
      .where(eq(meetingSubmissions.meetingId, meetingId))
  ).map((row) => row.photoId);
  publish("meeting.revealed", { meetingId, photoIds });
}
