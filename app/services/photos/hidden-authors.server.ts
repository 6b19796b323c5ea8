// Who the anonymity rule of access.server (authorHiddenFrom / authorHiddenSql)
// hides, where one row is not enough: whether a member has hidden photos at all
// (their lists are kept apart from other members', since they see their own).
import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { meetings, meetingSubmissions, withdrawnSubmissions } from "@db/schema";
import { unrevealedMeetingSql, type ViewerRef } from "~/services/access.server";
import { requestVersions, VersionedCache } from "~/services/data-versions.server";

// The members with photos in (or withdrawn from) unrevealed anonymous meetings:
// a few at most, kept at the photos' data version (a meeting's, submission's or
// withdrawal's change moves it).
const hiddenOwners = new VersionedCache<Set<number>>("photos", 4);

async function membersWithHiddenPhotos(): Promise<Set<number>> {
  const at = await requestVersions();
  const known = at ? hiddenOwners.get(at, "all") : undefined;
  if (known) return known;
  const ownersIn = (table: typeof meetingSubmissions | typeof withdrawnSubmissions) =>
    db()
      .selectDistinct({ userId: table.userId })
      .from(table)
      .innerJoin(meetings, eq(meetings.id, table.meetingId))
      .where(unrevealedMeetingSql());
  const rows = [...(await ownersIn(meetingSubmissions)), ...(await ownersIn(withdrawnSubmissions))];
  const owners = new Set(rows.map((row) => row.userId));
  if (at) hiddenOwners.set(at, "all", owners);
  return owners;
}

/**
 * Whether the viewer has photos hidden from everyone else: their lists differ
 * from other members' (they see their own), so what is kept of lists
 * (queries.server.ts, random-draws.server.ts) is kept apart for them.
 */
export async function ownsHiddenPhotos(viewer: ViewerRef): Promise<boolean> {
  if (!viewer) return false;
  return (await membersWithHiddenPhotos()).has(viewer.id);
}
