// npm run db:seed: a small demo club to click around in. Refuses to touch a
// club that already has members. Photos are added once the photo pipeline exists.
import { closeDatabase, db, openDatabase } from "@db/client.server";
import { DatabaseInUseError } from "@db/pglite-lock.server";
import { meetings, meetingTemplates } from "@db/schema";
import { EnvError, parseEnv } from "~/env.server";
import { countUsers, createMember } from "~/services/users.server";

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
    for (const { isAdmin, ...member } of demoMembers) {
      await createMember(
        { ...member, email: `${member.username}@example.com`, password: DEMO_PASSWORD },
        { isAdmin: isAdmin ?? false },
      );
    }
    const now = Date.now();
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
        `(password ${DEMO_PASSWORD}; 'admin' is an admin), 3 meetings and a weekly template.`,
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
  await closeDatabase();
}
