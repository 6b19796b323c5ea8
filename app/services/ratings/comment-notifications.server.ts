// Telling a photo's owner about comments by e-mail, at most once per photo per
// 15 minutes: the first comment is mailed at once, the ones made while the
// throttle holds wait and go together in one e-mail when it lets go.
//
// Every step is decided in the database (comment_notifications), so it holds
// across restarts and several processes:
// - a comment's transaction takes the photo's row first (holdCommentNotification)
//   and only then inserts the comment, so a comment that took the row after a
//   claim has a higher id than every comment that claim saw;
// - sending claims due rows with FOR UPDATE SKIP LOCKED, marks them sent and
//   moves `mailedThroughCommentId` past the comments it mails, and commits
//   before the e-mail goes: two processes never claim the same comments;
// - an e-mail that fails puts its comments back, to go with the next one.
// A process that dies between the claim and the e-mail loses that one e-mail
// rather than sending it twice.
import { and, asc, eq, gt, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import { db, inTransaction, outsideTransaction, transaction } from "@db/client.server";
import { commentNotifications, comments, photos, users } from "@db/schema";
import { requestLog } from "~/base/logger.server";
import { clubName } from "~/services/club/club-name.server";
import { sendMail } from "~/services/mail/mail.server";
import { mailImagesFor } from "~/services/mail/photo-images.server";
import { commentMail, type CommentMailInput } from "./comment-mail.server";

export const COMMENT_MAIL_INTERVAL_MINUTES = 15;

/** How often the periodic job should call sendDueCommentNotifications. */
export const COMMENT_MAIL_CHECK_SECONDS = 60;

const photoComments = (photoId: number) =>
  sql`(select coalesce(max(${comments.id}), 0) from ${comments} where ${comments.photoId} = ${photoId})`;

/**
 * Marks a comment about to be written on this photo as waiting for its e-mail.
 * Call it inside the comment's transaction BEFORE inserting the comment, and
 * only when the owner should hear of it (someone else's comment, e-mails on).
 * A photo's first waiting comment after a quiet spell starts after every
 * comment already there: those were mailed, or never meant to be.
 */
export async function holdCommentNotification(photoId: number): Promise<void> {
  if (!inTransaction()) throw new Error("holdCommentNotification must run in the comment's transaction.");
  await db()
    .insert(commentNotifications)
    .values({ photoId, pendingSince: sql`now()`, mailedThroughCommentId: photoComments(photoId) })
    .onConflictDoUpdate({
      target: commentNotifications.photoId,
      set: {
        pendingSince: sql`coalesce(${commentNotifications.pendingSince}, now())`,
        mailedThroughCommentId: sql`case when ${commentNotifications.pendingSince} is null
          then greatest(${commentNotifications.mailedThroughCommentId}, ${photoComments(photoId)})
          else ${commentNotifications.mailedThroughCommentId} end`,
      },
    });
}

type Claimed = {
  photoId: number;
  pendingSince: Date;
  previousMailedThrough: number;
  /** What the e-mail says; its picture is read once the claim has committed, never inside its transaction. */
  mail: CommentMailInput & { ownerId: number };
};

/**
 * Sends every comment e-mail that is due: photos with waiting comments whose
 * last e-mail is at least 15 minutes old (or that never had one). Safe to run
 * in several processes at once; returns how many e-mails went. The server
 * calls it every COMMENT_MAIL_CHECK_SECONDS; a new comment calls it for its photo.
 */
export async function sendDueCommentNotifications(options: { photoId?: number; batch?: number } = {}) {
  const batch = options.batch ?? 50;
  let sent = 0;
  // Batch after batch until none is full: each claimed row stops being due, so this ends.
  for (;;) {
    const { claimed, rows } = await outsideTransaction(() => claimDue(options.photoId, batch));
    for (const claim of claimed) {
      try {
        const { ownerId, ...facts } = claim.mail;
        const images = await mailImagesFor({ id: ownerId }, [facts.photo]);
        await sendMail(commentMail({ ...facts, images }));
        sent++;
      } catch (error) {
        requestLog().error(
          { err: error },
          `The comment e-mail about photo ${claim.photoId} failed; it goes with the next one`,
        );
        await outsideTransaction(() => putBack(claim)).catch((putBackError: unknown) =>
          requestLog().error(
            { err: putBackError },
            `Could not put back the comment e-mail about photo ${claim.photoId}`,
          ),
        );
      }
    }
    if (rows < batch) return sent;
  }
}

async function claimDue(photoId: number | undefined, limit: number): Promise<{ claimed: Claimed[]; rows: number }> {
  return transaction(async () => {
    const due = await db()
      .select()
      .from(commentNotifications)
      .where(
        and(
          isNotNull(commentNotifications.pendingSince),
          or(
            isNull(commentNotifications.sentAt),
            lte(commentNotifications.sentAt, sql`now() - make_interval(mins => ${COMMENT_MAIL_INTERVAL_MINUTES})`),
          ),
          photoId === undefined ? undefined : eq(commentNotifications.photoId, photoId),
        ),
      )
      .orderBy(asc(commentNotifications.pendingSince))
      .limit(limit)
      .for("update", { skipLocked: true });

    const claimed: Claimed[] = [];
    for (const row of due) {
      const digest = await digestOf(row.photoId, row.mailedThroughCommentId);
      const mailedThrough = Math.max(row.mailedThroughCommentId, digest.lastCommentId);
      await db()
        .update(commentNotifications)
        .set({
          pendingSince: null,
          mailedThroughCommentId: mailedThrough,
          // Nothing left to say (the comments were deleted, e-mails turned off): no e-mail, no throttle.
          ...(digest.mail ? { sentAt: sql`now()` } : {}),
        })
        .where(eq(commentNotifications.photoId, row.photoId));
      if (digest.mail) {
        claimed.push({
          photoId: row.photoId,
          pendingSince: row.pendingSince!,
          previousMailedThrough: row.mailedThroughCommentId,
          mail: digest.mail,
        });
      }
    }
    return { claimed, rows: due.length };
  });
}

/** What the e-mail about a photo's comments after `afterId` says, or null when there is nobody to tell or nothing to say. */
async function digestOf(photoId: number, afterId: number) {
  const [photo] = await db()
    .select({
      id: photos.id,
      caption: photos.caption,
      filename: photos.filename,
      thumbKey: photos.thumbKey,
      ownerId: users.id,
      firstName: users.firstName,
      username: users.username,
      email: users.email,
      commentEmails: users.commentEmails,
      deactivatedAt: users.deactivatedAt,
    })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(eq(photos.id, photoId));
  const [last] = await db()
    .select({ id: sql<number>`coalesce(max(${comments.id}), 0)`.mapWith(Number) })
    .from(comments)
    .where(eq(comments.photoId, photoId));
  const lastCommentId = last?.id ?? 0;
  if (!photo || !photo.commentEmails || photo.deactivatedAt) return { lastCommentId, mail: null };

  const news = await db()
    .select({ body: comments.body, firstName: users.firstName, lastName: users.lastName })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.photoId, photoId), gt(comments.id, afterId), ne(comments.userId, photo.ownerId)))
    .orderBy(asc(comments.id));
  if (news.length === 0) return { lastCommentId, mail: null };
  return {
    lastCommentId,
    mail: {
      ownerId: photo.ownerId,
      club: await clubName(),
      owner: { firstName: photo.firstName, username: photo.username, email: photo.email },
      photo,
      comments: news.map((comment) => ({
        authorName: `${comment.firstName} ${comment.lastName}`,
        body: comment.body,
      })),
    },
  };
}

/** A failed e-mail's comments wait again, for the next e-mail after the throttle (no retry storm). */
async function putBack(claim: Claimed) {
  await db()
    .update(commentNotifications)
    .set({
      pendingSince: sql`least(${commentNotifications.pendingSince}, ${claim.pendingSince.toISOString()}::timestamptz)`,
      mailedThroughCommentId: sql`least(${commentNotifications.mailedThroughCommentId}, ${claim.previousMailedThrough})`,
    })
    .where(eq(commentNotifications.photoId, claim.photoId));
}

// E-mails started by new comments run after the answer; they are kept here so
// tests and the server's shutdown can wait for them.
const inFlight = new Set<Promise<unknown>>();

/** After a comment's transaction committed: send its photo's e-mail now if the throttle allows. */
export function sendCommentNotificationSoon(photoId: number) {
  const work: Promise<unknown> = outsideTransaction(() => sendDueCommentNotifications({ photoId }))
    .catch((error: unknown) =>
      requestLog().error({ err: error }, `Could not send the comment e-mail about photo ${photoId}`),
    )
    .finally(() => inFlight.delete(work));
  inFlight.add(work);
}

/** Resolves when every comment e-mail started so far has been sent (or has failed). */
export async function commentNotificationsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
