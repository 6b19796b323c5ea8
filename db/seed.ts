// npm run db:seed: a small demo club to click around in. Refuses to touch a
// club that already has members. Photos go through the real pipeline (sharp sizes,
// storage), so the demo exercises the same paths as an upload. A command: it prints
// its answer to the terminal with console (eslint.config.js leaves it out of no-console).
import { eq } from "drizzle-orm";
import { closeDatabase, db, openDatabase } from "@db/client.server";
import { DatabaseInUseError } from "@db/data-dir-lock.server";
import { features, meetings, meetingSubmissions, meetingTemplates, photos, users } from "@db/schema";
import { EnvError, parseEnv } from "~/env.server";
import { addCalendarDays, instantOf, wallClockOf } from "~/lib/club-time";
import { closeExiftool } from "~/images/exif.server";
import { refreshMeetingStarts } from "~/services/meetings/meeting-starts.server";
import { importPhoto } from "~/services/uploads/photo-uploads.server";
import { countUsers, createMember } from "~/services/members/members.server";
import { storage } from "~/storage/storage.server";
import { seedRatingsAndComments } from "./seed-conversation";
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

/** 7 pm on the club's clock, on the club's day of `date`. */
function atSevenPm(date: Date, zone: string) {
  return instantOf({ ...wallClockOf(date, zone), hour: 19, minute: 0 }, zone);
}

const WEEKLY_TOPIC = "Weekly critique\nBring up to four recent street photos.";
const WEEKLY_CALL = "https://meet.example.com/street-club";

try {
  const env = parseEnv(process.env);
  await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).then((h) => h.migrate());
  if ((await countUsers()) > 0) {
    console.log(
      "This club already has members; the demo club was not added. To look at the demo beside it, " +
        "use a data folder of its own: DATA_DIR=./data-demo npm run db:seed && DATA_DIR=./data-demo npm start",
    );
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
    const photosByMember: number[][] = [];
    for (const [memberIndex, member] of created.slice(1).entries()) {
      photosByMember.push([]);
      for (let n = 0; n < PHOTOS_PER_MEMBER; n++) {
        const seed = memberIndex * 100 + n;
        const photoId = await importPhoto(member, await streetScene(seed), `DSC_${1000 + seed}.jpg`, "image/jpeg");
        photosByMember[memberIndex]!.push(photoId);
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
    // A weekly critique (its next meeting three days ahead, three before it already held) and a
    // one-off night walk, all at 7 pm on the club's clock; every member showed photos at the past ones.
    const zone = env.CLUB_TIME_ZONE;
    const upcomingAt = atSevenPm(new Date(now + 3 * DAY), zone);
    const [weekly] = await db()
      .insert(meetingTemplates)
      .values({ topic: WEEKLY_TOPIC, latestAt: upcomingAt, callLink: WEEKLY_CALL, frequency: 7 })
      .returning();
    const weeklyMeeting = (weeksBefore: number) => ({
      topic: WEEKLY_TOPIC,
      startsAt: addCalendarDays(upcomingAt, -7 * weeksBefore, zone),
      callLink: WEEKLY_CALL,
      meetingTemplateId: weekly!.id,
    });
    const held = await db()
      .insert(meetings)
      .values([
        weeklyMeeting(3),
        { topic: "Night streets\nAvailable light only.", startsAt: atSevenPm(new Date(now - 9 * DAY), zone) },
        weeklyMeeting(2),
        weeklyMeeting(1),
      ])
      .returning();
    await db().insert(meetings).values(weeklyMeeting(0));
    // Each member's first four photos went to the four past meetings; the last two to the latest as well.
    const submitted: number[] = [];
    for (const [memberIndex, photoIds] of photosByMember.entries()) {
      const userId = created[memberIndex + 1]!.id;
      const rows = photoIds.map((photoId, n) => ({
        meetingId: held[Math.min(n, held.length - 1)]!.id,
        photoId,
        userId,
        position: n < held.length ? 1 : n - held.length + 2,
      }));
      await db().insert(meetingSubmissions).values(rows);
      submitted.push(...photoIds);
    }
    await refreshMeetingStarts({ photoIds: submitted });
    // Members rate and discuss each other's photos, through the services and without sending mail.
    const ownerIds = created.slice(1).map((member) => member.id);
    const seededPhotos = photosByMember.flatMap((ids, i) => ids.map((id) => ({ id, ownerId: ownerIds[i]! })));
    const talk = await seedRatingsAndComments(created, seededPhotos, random);
    console.log(
      `Demo club added: members ${demoMembers.map((m) => m.username).join(", ")} ` +
        `(password ${DEMO_PASSWORD}; 'admin' is an admin), ${photoCount} photos (3 each featured for ${lastYear}), ` +
        `${held.length + 1} meetings (${held.length} past with ${submitted.length} submissions, 1 upcoming) and a weekly template.`,
    );
    console.log(
      `Members rated each other's photos ${talk.ratings} times and left ${talk.comments} comments (no e-mail sent).`,
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
