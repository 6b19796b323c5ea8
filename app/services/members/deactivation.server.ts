// What admins do to members beyond editing them: deactivate and reactivate.
// A deactivated member cannot log in, loses every session and live connection
// at once, and leaves the public directory.
import { eq } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { users } from "@db/schema";
import { requireAdmin } from "~/services/access.server";
import { destroyMemberSessions, memberColumns, type Member } from "~/services/auth/session.server";
import { ForbiddenError, NotFoundError } from "~/services/errors.server";
import { forgetResetTokens } from "./passwords.server";

/** DELETE /api/users/{id}: deactivates an active member, reactivates a deactivated one. */
export async function toggleDeactivation(admin: Member, memberId: number): Promise<Member> {
  requireAdmin(admin);
  if (memberId === admin.id) throw new ForbiddenError("You cannot deactivate yourself.");
  return transaction(async () => {
    // Locked, so two admins pressing the button at once toggle it once each, in turn.
    const [member] = await db()
      .select({ deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(eq(users.id, memberId))
      .for("update");
    if (!member) throw new NotFoundError("Member not found.");
    const deactivating = !member.deactivatedAt;
    const [updated] = await db()
      .update(users)
      .set({ deactivatedAt: deactivating ? new Date() : null, updatedAt: new Date() })
      .where(eq(users.id, memberId))
      .returning(memberColumns);
    if (deactivating) {
      // Their live connections are told to close once this commits (events wait for it).
      await destroyMemberSessions(memberId);
      await forgetResetTokens(memberId);
    }
    return updated!;
  });
}
