// An upgrade keeps the members' inboxes: a club made on the
// release before recap e-mails (its database at migration 0012) is upgraded
// by the migrations a start applies; nights that were over before the upgrade
// never get a recap, while a meeting after it gets one as always. The e-mails
// go through a real SMTP server; the jobs' turn is the one the site runs.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseHandle, migrationsFolder } from "@db/client.server";
import { sendDueMeetingRecaps } from "~/services/meetings/recaps.server";
import { useMailCatcher } from "../support/club-mail";
import { makeMember } from "../support/members";
import { insertMeeting, submitDirectly } from "../support/meetings";
import { insertPhoto } from "../support/photos";
import { useOwnDatabase, withSql } from "../support/test-database";

const mail = useMailCatcher();
const HOUR = 60 * 60 * 1000;

/** The migrations folder as the release before recaps shipped it: the journal's first `count` entries. */
async function migrationsUpTo(count: number): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "club-migrations-"));
  await fs.cp(migrationsFolder(), folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await fs.readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

describe("the first start after the release that brought recaps", () => {
  useOwnDatabase("club_upgrade", { empty: true });

  it("sends no recap of a night over before the upgrade, and one of the next meeting", async () => {
    // The club as the earlier release left it: migrations 0000 to 0012, two members, three past nights with photos.
    const folder = await migrationsUpTo(13);
    await databaseHandle().migrate(folder);
    const [ann, bob] = [await makeMember({ firstName: "Ann" }), await makeMember({ firstName: "Bob" })];
    for (const hoursAgo of [3, 30, 24 * 40]) {
      const startsAt = new Date(Date.now() - hoursAgo * HOUR);
      // The meetings table of that release had none of the columns the current schema's insert returns.
      const [row] = await withSql(
        databaseHandle().url,
        (sql) =>
          sql<{ id: number }[]>`insert into meetings (starts_at, topic) values (${startsAt}, 'Old night') returning id`,
      );
      const photo = await insertPhoto(ann.id, { caption: `Ann's night ${hoursAgo}` });
      await withSql(
        databaseHandle().url,
        (sql) =>
          sql`insert into meeting_submissions (meeting_id, photo_id, user_id, position) values (${row!.id}, ${photo.id}, ${ann.id}, 1)`,
      );
    }

    // The upgrade: every migration since, as a start applies them.
    await databaseHandle().migrate();
    expect(await sendDueMeetingRecaps()).toBe(0);
    expect(mail.messages.filter((m) => /Old night/.test(m.subject))).toEqual([]);

    // A meeting after the upgrade is recapped as always.
    const next = await insertMeeting({ startsAt: new Date(Date.now() - 3 * HOUR), topic: "New night" });
    await submitDirectly(next.id, await insertPhoto(bob.id, { caption: "Bob's first" }), 1);
    expect(await sendDueMeetingRecaps()).toBe(2);
    expect(mail.messages.filter((m) => /New night/.test(m.subject))).toHaveLength(2);
    await fs.rm(folder, { recursive: true, force: true });
  });
});
