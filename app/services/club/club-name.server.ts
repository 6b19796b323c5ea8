// The club's name (docs/product.md, 'On every page'): the one an admin chose, at
// setup or later on /admin/club, else SITE_TITLE, the name a new club starts
// with. Every page and e-mail reads it here. It is kept in memory under the
// members data version (the club_settings trigger moves it), so reading it
// costs no query while nothing changed, and every process shows a new name on
// its next request.
import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { clubSettings } from "@db/schema";
import { env } from "~/env.server";
import { requireAdmin, type ViewerRef } from "~/services/access.server";
import { requestVersions, VersionedCache } from "~/services/data-versions.server";

const kept = new VersionedCache<string | null>("members", 1);
let lastRead: string | null = null;

async function storedName(): Promise<string | null> {
  const [row] = await db().select({ name: clubSettings.name }).from(clubSettings).where(eq(clubSettings.id, 1));
  return row?.name ?? null;
}

/** The club's name as it is now. */
export async function clubName(): Promise<string> {
  const versions = await requestVersions();
  let stored = versions ? kept.get(versions, "name") : undefined;
  if (stored === undefined) {
    stored = await storedName();
    if (versions) kept.set(versions, "name", stored);
  }
  lastRead = stored ?? env().SITE_TITLE;
  return lastRead;
}

/**
 * The name for a screen drawn while the database does not answer (the root's
 * outage page): the last one this process read, else SITE_TITLE. Never used
 * where the database answers.
 */
export function clubNameWithoutDatabase(): string {
  return lastRead ?? env().SITE_TITLE;
}

/**
 * Stores the club's name (in the caller's transaction, as the first admin's
 * setup does). SITE_TITLE itself is stored as no name, so it stays the default.
 */
export async function saveClubName(name: string): Promise<void> {
  const stored = name === env().SITE_TITLE ? null : name;
  await db()
    .insert(clubSettings)
    .values({ id: 1, name: stored })
    .onConflictDoUpdate({ target: clubSettings.id, set: { name: stored, updatedAt: new Date() } });
}

/** An admin renames the club (/admin/club). */
export async function renameClub(admin: ViewerRef, name: string): Promise<string> {
  requireAdmin(admin);
  await saveClubName(name);
  return name;
}
