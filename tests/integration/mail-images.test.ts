// The pictures an e-mail carries inline: the stored thumbnail
// as a small JPEG, bounded in count, and only what the recipient may see in a
// list: a photo of an unrevealed anonymous meeting goes to its owner alone,
// admins included in the refusal, until the reveal.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { meetings } from "@db/schema";
import { MAX_MAIL_IMAGES, mailImagesFor } from "~/services/mail/photo-images.server";
import { insertMeeting, submitDirectly } from "../support/meetings";
import { makeMember } from "../support/members";
import { insertPhoto, storeRealThumbnail } from "../support/photos";

describe("an e-mail's pictures", () => {
  it("withhold an anonymous photo before its reveal from all but its owner, and carry it after", async () => {
    const [owner, other, admin] = await Promise.all([
      makeMember({ firstName: "Olive" }),
      makeMember({ firstName: "Ann" }),
      makeMember({ firstName: "Ada", isAdmin: true }),
    ]);
    const meeting = await insertMeeting({ anonymous: true });
    const photo = await insertPhoto(owner.id, { caption: "Alley" });
    await storeRealThumbnail(photo);
    await submitDirectly(meeting.id, photo, 1);

    expect((await mailImagesFor(other, [photo])).size).toBe(0);
    expect((await mailImagesFor(admin, [photo])).size).toBe(0);
    expect((await mailImagesFor(null, [photo])).size).toBe(0);
    const toOwner = await mailImagesFor(owner, [photo]);
    expect(toOwner.get(photo.id)?.contentType).toBe("image/jpeg");

    await db().update(meetings).set({ revealedAt: new Date() }).where(eq(meetings.id, meeting.id));
    const afterReveal = (await mailImagesFor(other, [photo])).get(photo.id);
    expect(afterReveal).toBeDefined();
    expect(await sharp(afterReveal!.content).metadata()).toMatchObject({ format: "jpeg", width: 256 });
  });

  it("carry at most three, leaving out a photo whose thumbnail is missing or not an image", async () => {
    const [owner, reader] = await Promise.all([makeMember(), makeMember()]);
    const missing = await insertPhoto(owner.id);
    const broken = await insertPhoto(owner.id, { withFiles: true });
    const good = await Promise.all([1, 2, 3, 4].map(() => insertPhoto(owner.id)));
    for (const photo of good) await storeRealThumbnail(photo);

    const images = await mailImagesFor(reader, [missing, broken, ...good]);
    expect(MAX_MAIL_IMAGES).toBe(3);
    expect([...images.keys()]).toEqual(good.slice(0, 3).map((photo) => photo.id));
  });
});
