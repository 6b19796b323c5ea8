import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { meetingSubmissions } from "@db/schema";
import { publish } from "~/services/events.server";

/**
 * Tells the meeting's open pages and rooms, once the change commits, that its names changed (revealed, or
 * its anonymity edited): the pages load the names again, the rooms reconnect. Call inside the transaction.
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
