// Test helpers for competitions: a competition written straight into the
// tables, with its categories, entries and a judge whose link the test holds.
import crypto from "node:crypto";
import { db } from "@db/client.server";
import { competitionCategories, competitionJudges, meetingSubmissions, type MeetingRow } from "@db/schema";
import { hoursFromNow, insertMeeting } from "./meetings";

export async function insertCompetition(
  values: Partial<MeetingRow> = {},
  categories: { name: string; maxEntries: number }[] = [{ name: "Open", maxEntries: 2 }],
) {
  const meeting = await insertMeeting({
    kind: "competition",
    anonymous: true,
    scoreMax: 20,
    closesAt: hoursFromNow(24),
    startsAt: hoursFromNow(72),
    ...values,
  });
  const rows = await db()
    .insert(competitionCategories)
    .values(categories.map((category, index) => ({ meetingId: meeting.id, position: index + 1, ...category })))
    .returning();
  return { meeting, categories: rows };
}

/** An entry row (the photo's meeting copy is not refreshed). */
export async function enterDirectly(
  meetingId: number,
  categoryId: number,
  photo: { id: number; userId: number },
  position = 1,
) {
  const [row] = await db()
    .insert(meetingSubmissions)
    .values({ meetingId, categoryId, photoId: photo.id, userId: photo.userId, position })
    .returning();
  return row!;
}

/** A judge of the competition and the token of their link. */
export async function insertJudge(meetingId: number, name = "Ansel Judge") {
  const token = crypto.randomBytes(32).toString("base64url");
  const tokenHash = crypto.createHash("sha256").update(token).digest("hex");
  const [judge] = await db()
    .insert(competitionJudges)
    .values({ meetingId, name, email: `judge-${token.slice(0, 6)}@example.com`, tokenHash })
    .returning();
  return { judge: judge!, token };
}
