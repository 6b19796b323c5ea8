// Reminders and recaps go exactly once per member per meeting, across restarts
// and several server processes on one database: each e-mail is claimed by
// inserting its row (meeting_reminders, meeting_recaps; ON CONFLICT DO NOTHING),
// committed before it goes, so of two processes racing only one claims each
// row. One that fails gives its claim back, so it goes again on the next run;
// a process that dies between the claim and the e-mail loses that one e-mail
// rather than sending it twice.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { db } from "@db/client.server";
import { type meetingRecaps, type meetingReminders, meetings, users } from "@db/schema";
import { logger } from "~/base/logger.server";
import { sendMail, type MailMessage } from "~/services/mail/mail.server";

export type MailClaim = { meetingId: number; userId: number };

type ClaimTable = typeof meetingReminders | typeof meetingRecaps;

/** Claims the e-mail, in `table`, of each member `whom` pairs with a meeting `which` picks; returns those it claimed. */
export async function claimMails(
  table: ClaimTable,
  whom: SQL | undefined,
  which: SQL | undefined,
): Promise<MailClaim[]> {
  return db()
    .insert(table)
    .select(
      db()
        .select({ meetingId: meetings.id, userId: users.id, sentAt: sql`now()`.as("sent_at") })
        .from(meetings)
        .innerJoin(users, whom)
        .where(which),
    )
    .onConflictDoNothing()
    .returning({ meetingId: table.meetingId, userId: table.userId });
}

/**
 * Sends one claimed e-mail (`what`: 'reminder', 'recap'): true when it went;
 * false when it failed, its claim given back (a failure there too is logged,
 * and the claim stays: that one e-mail is lost, never doubled).
 */
export async function sendClaimedMail(
  what: string,
  table: ClaimTable,
  claim: MailClaim,
  mail: MailMessage,
): Promise<boolean> {
  try {
    await sendMail(mail);
    return true;
  } catch (error) {
    logger().error(
      { err: error },
      `The ${what} of meeting ${claim.meetingId} to member ${claim.userId} failed; it goes again`,
    );
    await db()
      .delete(table)
      .where(and(eq(table.meetingId, claim.meetingId), eq(table.userId, claim.userId)))
      .catch((releaseError: unknown) =>
        logger().error({ err: releaseError }, `Could not give back the ${what} of meeting ${claim.meetingId}`),
      );
    return false;
  }
}
