// What admins do to members beyond editing them: deactivate and reactivate
// (spec section 4 "Member"). A deactivated member cannot log in, loses every
// session and live connection at once, and leaves the public directory.
import type { Member } from "~/services/auth/session.server";
import { eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { users, type UserRow } from "@db/schema";
import { HttpError } from "~/server/http.server";
import { forgetResetTokens } from "./passwords.server";
import { destroyMemberSessions } from "~/services/auth/session.server";
import { findUserById } from "./members.server";

/** DELETE /api/users/{id}: deactivates an active member, reactivates a deactivated one. */
export async function toggleDeactivation(admin: Member, memberId: number): Promise<UserRow> {
  if (!admin.isAdmin) throw new HttpError(403, "Only admins may do that.");
  if (memberId === admin.id) throw new HttpError(403, "You cannot deactivate yourself.");
  const member = await findUserById(memberId);
  if (!member) throw new HttpError(404, "Member not found.");

  const deactivating = !member.deactivatedAt;
  const [updated] = await db()
    .update(users)
    .set({ deactivatedAt: deactivating ? new Date() : null, updatedAt: new Date() })
    .where(eq(users.id, memberId))
    .returning();
  if (deactivating) {
    await destroyMemberSessions(memberId);
    await forgetResetTokens(memberId);
  }
  return updated!;
}
