// The club's name (docs/product.md, 'On every page'): the one an admin chose, at
// setup or later on /admin/club, else SITE_TITLE, the name a new club starts
// with. Every page and e-mail reads it here, from the club's settings row, which
// is kept in memory while nothing changed (club-settings-row.server.ts).
import { db } from "@db/client.server";
import { clubSettings } from "@db/schema";
import { env } from "~/env.server";
import { requireAdmin, type ViewerRef } from "~/services/access.server";
import { clubSettingsRow } from "./club-settings-row.server";

let lastRead: string | null = null;

/** The club's name as it is now. */
export async function clubName(): Promise<string> {
  lastRead = (await clubSettingsRow())?.name ?? env().SITE_TITLE;
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
