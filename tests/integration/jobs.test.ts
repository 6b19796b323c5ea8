// The periodic jobs every server process runs (app/server/jobs.server.ts): the
// comment e-mail held back by a photo's 15-minute window goes out on the job's
// turn with no one calling the service, and stopping waits for the turn under way.
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { commentNotifications } from "@db/schema";
import { startJobs, stopJobs } from "~/server/jobs.server";
import { commentNotificationsSettled } from "~/services/ratings/comment-notifications.server";
import { createComment } from "~/services/ratings/comments.server";
import { makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";
import { useMailCatcher } from "../support/club-mail";

const mail = useMailCatcher();

afterAll(async () => {
  await stopJobs();
});

describe("the club's jobs", () => {
  it("send the comment e-mail a photo's window held back, on their own", async () => {
    const owner = await makeMember({ firstName: "Olive" });
    const ann = await makeMember();
    const photo = await insertPhoto(owner.id);
    const toOwner = () => mail.messages.filter((m) => m.recipients.includes(owner.email.toLowerCase()));

    await createComment(ann, { PhotoId: photo.id, body: "First." });
    await commentNotificationsSettled();
    await createComment(ann, { PhotoId: photo.id, body: "Held for the next e-mail." });
    await commentNotificationsSettled();
    expect(toOwner()).toHaveLength(1);

    // The window ends; nobody calls the service: the job's first turn (at start) sends it.
    await db()
      .update(commentNotifications)
      .set({ sentAt: sql`${commentNotifications.sentAt} - interval '15 minutes'` })
      .where(eq(commentNotifications.photoId, photo.id));
    startJobs();
    await expect.poll(() => toOwner().length, { timeout: 20_000 }).toBe(2);
    expect(toOwner()[1]!.text).toContain("Held for the next e-mail.");
    await stopJobs();
  });
});
