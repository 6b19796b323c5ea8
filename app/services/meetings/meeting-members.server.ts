// The members a meeting's list of who may submit can name.
import { asc, inArray, isNull } from "drizzle-orm";
import { db } from "@db/client.server";
import { users } from "@db/schema";
import { requireAdmin, type ViewerRef } from "~/services/access.server";
import { InvalidError } from "~/services/errors.server";
import type { MemberChoice } from "~/lib/meeting-json";

/** Every member a list names must exist (422 naming the field; the caller writes nothing). */
export async function requireMembersExist(ids: number[] | null | undefined, path = "allowedUserIds") {
  if (!ids || ids.length === 0) return;
  const found = await db().select({ id: users.id }).from(users).where(inArray(users.id, ids));
  const known = new Set(found.map((row) => row.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length === 0) return;
  const one = missing.length === 1;
  throw InvalidError.field(
    path,
    `${one ? "Member" : "Members"} ${missing.join(", ")} ${one ? "does" : "do"} not exist.`,
  );
}

/** The members the meeting forms offer for 'who may submit': active ones, by last name. */
export async function meetingMemberChoices(viewer: ViewerRef): Promise<MemberChoice[]> {
  requireAdmin(viewer);
  return db()
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(isNull(users.deactivatedAt))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}
