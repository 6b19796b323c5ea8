// The demo club's ratings and comments: members rate most of each other's photos
// and leave a few comments. Both go through the services (ratePhoto,
// createComment), so the photos' copied averages are the real ones and the
// comments are stored as any member's would be.
//
// A seed sends no mail: a comment on someone else's photo e-mails its owner
// (comment-notifications.server.ts) unless the owner turned those e-mails off,
// so they are off while the comments are written and back on afterwards, in
// one transaction so a failed seed cannot leave anyone's e-mails off.
import { and, eq, inArray } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { users } from "@db/schema";
import type { ViewerRef } from "~/services/access.server";
import { createComment } from "~/services/ratings/comments.server";
import { ratePhoto } from "~/services/ratings/ratings.server";

type SeededPhoto = { id: number; ownerId: number };

// Plain text as members write it: a line break and a web link, which the photo page keeps and links.
const remarks = [
  "The shadow across the crossing makes this one.\nI would crop a little off the right.",
  "Great timing on the umbrella!",
  "Lovely light. Reminds me of Saul Leiter's colour work: https://en.wikipedia.org/wiki/Saul_Leiter",
  "Not sure about the tilt, but the faces are wonderful.",
  "Print it. Seriously.",
  "Was this at 1/60? The motion blur on the bus works.",
  "The fog does all the work here - in a good way.",
  "I walked past this corner yesterday and saw nothing. You saw all this.",
];
const COMMENTS = remarks.length;

/** Ratings by every member on about two thirds of the others' photos, then a few comments. */
export async function seedRatingsAndComments(
  members: NonNullable<ViewerRef>[],
  photos: SeededPhoto[],
  random: () => number,
): Promise<{ ratings: number; comments: number }> {
  return transaction(async () => {
    let ratings = 0;
    for (const member of members) {
      for (const photo of photos) {
        if (photo.ownerId === member.id || random() < 0.35) continue;
        await ratePhoto(member, photo.id, { value: 1 + Math.floor(random() * 5) });
        ratings++;
      }
    }

    const ids = members.map((member) => member.id);
    const mailed = await db()
      .update(users)
      .set({ commentEmails: false })
      .where(and(inArray(users.id, ids), eq(users.commentEmails, true)))
      .returning({ id: users.id });
    for (let i = 0; i < COMMENTS; i++) {
      const photo = photos[Math.floor(random() * photos.length)]!;
      const others = members.filter((member) => member.id !== photo.ownerId);
      const author = others[Math.floor(random() * others.length)]!;
      await createComment(author, { PhotoId: photo.id, body: remarks[i]! });
    }
    if (mailed.length > 0) {
      await db()
        .update(users)
        .set({ commentEmails: true })
        .where(
          inArray(
            users.id,
            mailed.map((member) => member.id),
          ),
        );
    }
    return { ratings, comments: COMMENTS };
  });
}
