// npm run db:seed: a small demo club to click around in. Refuses to touch a
// club that already has members. Photos go through the real pipeline (sharp sizes,
// storage), so the demo exercises the same paths as an upload.
import { eq } from "drizzle-orm";
import { closeDatabase, db, openDatabase } from "@db/client.server";
import { DatabaseInUseError } from "@db/pglite-lock.server";
import { features, meetings, meetingTemplates, photos, users } from "@db/schema";
import { EnvError, parseEnv } from "~/env.server";
import { closeExiftool } from "~/images/exif.server";
import { importPhoto } from "~/services/uploads/photo-uploads.server";
import { countUsers, createMember } from "~/services/members/members.server";
import { storage } from "~/storage/storage.server";
import { seededRandom, streetScene } from "./seed-images";

const captions = [
  "Crossing at dusk",
  "Waiting for the 38",
  "Red umbrella",
  "Market Street shadows",
  "The last light on Grant",
  "Fog rolling in",
];
const PHOTOS_PER_MEMBER = 6;

const DEMO_PASSWORD = "street123";
const demoMembers = [
  { firstName: "Ansel", lastName: "Admin", username: "admin", isAdmin: true },
  { firstName: "Vivian", lastName: "Maier", username: "vivian" },
  { firstName: "Garry", lastName: "Winogrand", username: "garry" },
  { firstName: "Helen", lastName: "Levitt", username: "helen" },
  { firstName: "Saul", lastName: "Leiter", username: "saul" },
];

const DAY = 24 * 60 * 60 * 1000;

function atSevenPm(date: Date) {
  const copy = new Date(date);
  copy.setHours(19, 0, 0, 0);
  return copy;
}

try {
  const env = parseEnv(process.env);
  await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).then((h) => h.migrate());
  if ((await countUsers()) > 0) {
    console.log("This club already has members; the demo club was not added.");
  } else {
    const now = Date.now();
    // Members joined two years ago, so last year's portfolios (what visitors see first) exist.
    const joined = new Date(new Date(now).getFullYear() - 2, 0, 15);
    const created = [];
    for (const { isAdmin, ...member } of demoMembers) {
      const row = await createMember(
        { ...member, email: `${member.username}@example.com`, password: DEMO_PASSWORD },
        { isAdmin: isAdmin ?? false },
      );
      await db().update(users).set({ createdAt: joined }).where(eq(users.id, row.id));
      created.push(row);
    }
    await storage().prepare();
    const random = seededRandom(42);
    const lastYear = new Date(now).getFullYear() - 1;
    let photoCount = 0;
    for (const [memberIndex, member] of created.slice(1).entries()) {
      for (let n = 0; n < PHOTOS_PER_MEMBER; n++) {
        const seed = memberIndex * 100 + n;
        const photoId = await importPhoto(member, await streetScene(seed), `DSC_${1000 + seed}.jpg`, "image/jpeg");
        const takenAt = new Date(joined.getTime() + random() * (now - joined.getTime()));
        await db()
          .update(photos)
          .set({ caption: captions[(memberIndex + n) % captions.length], takenAt, createdAt: takenAt })
          .where(eq(photos.id, photoId));
        // The first three of each member make last year's public portfolio.
        if (n < 3)
          await db()
            .insert(features)
            .values({ photoId, userId: member.id, year: lastYear, position: n + 1 });
        photoCount++;
      }
    }
    const [weekly] = await db()
      .insert(meetingTemplates)
      .values({
        topic: "Weekly critique\nBring up to four recent street photos.",
        latestAt: atSevenPm(new Date(now + 3 * DAY)),
        callLink: "https://meet.example.com/street-club",
        frequency: 7,
      })
      .returning();
    await db()
      .insert(meetings)
      .values([
        { topic: "Night streets\nAvailable light only.", startsAt: atSevenPm(new Date(now - 11 * DAY)) },
        { topic: "Reflections", startsAt: atSevenPm(new Date(now - 4 * DAY)) },
        {
          topic: "Weekly critique\nBring up to four recent street photos.",
          startsAt: atSevenPm(new Date(now + 3 * DAY)),
          callLink: "https://meet.example.com/street-club",
          meetingTemplateId: weekly!.id,
        },
      ]);
    console.log(
      `Demo club added: members ${demoMembers.map((m) => m.username).join(", ")} ` +
        `(password ${DEMO_PASSWORD}; 'admin' is an admin), ${photoCount} photos (3 each featured for ${lastYear}), ` +
        `3 meetings and a weekly template.`,
    );
  }
} catch (error) {
  if (error instanceof EnvError || error instanceof DatabaseInUseError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await closeExiftool();
  await closeDatabase();
}
