// The club's periodic work, run by every server process: each job is safe to
// run in several processes at once (its service claims what it does in the
// database), runs once at start, then on its interval, never overlapping
// itself, and a failure is logged and tried again at the next turn.
import { env } from "~/env.server";
import { logger } from "~/base/logger.server";
import { MEETING_RECAP_CHECK_SECONDS, recapsSettled, sendDueMeetingRecaps } from "~/services/meetings/recaps.server";
import { sendDueMeetingReminders } from "~/services/meetings/reminders.server";
import { passwordResetMailsSettled } from "~/services/members/passwords.server";
import {
  COMMENT_MAIL_CHECK_SECONDS,
  commentNotificationsSettled,
  sendDueCommentNotifications,
} from "~/services/ratings/comment-notifications.server";
import { recoverInterruptedUploads, sweepAbandonedUploads } from "~/services/uploads/assets.server";
import { removalsSettled, retryStoredObjectRemovals } from "~/storage/removals.server";

type Job = { name: string; everySeconds: number; run: () => Promise<unknown> };

function clubJobs(): Job[] {
  const jobs: Job[] = [
    // What a killed process left half done (claimed uploads, cut-off PUTs, scratch files), then
    // uploads nobody claimed: at start, and every quarter hour.
    { name: "Cleaning up uploads", everySeconds: 15 * 60, run: cleanUpUploads },
    // Stored files whose removal failed or was cut short (storage_removals), until the storage answers.
    { name: "Removing deleted files", everySeconds: 60, run: () => retryStoredObjectRemovals() },
    // Comments made inside a photo's 15-minute window are mailed together when it ends.
    { name: "Sending comment e-mails", everySeconds: COMMENT_MAIL_CHECK_SECONDS, run: sendDueCommentNotifications },
    // A meeting that is not anonymous is recapped two hours after it starts (an anonymous one at its reveal).
    { name: "Sending meeting recaps", everySeconds: MEETING_RECAP_CHECK_SECONDS, run: () => sendDueMeetingRecaps() },
  ];
  if (env().MEETING_REMINDER_HOURS > 0) {
    jobs.push({ name: "Sending meeting reminders", everySeconds: 5 * 60, run: () => sendDueMeetingReminders() });
  }
  return jobs;
}

async function cleanUpUploads() {
  const recovery = await recoverInterruptedUploads();
  const abandoned = await sweepAbandonedUploads();
  const recovered = Object.entries(recovery).filter(([, count]) => count > 0);
  if (recovered.length > 0 || abandoned > 0) {
    logger().info(
      `Cleaned up uploads: ${[...recovered, ["abandoned", abandoned] as const].map(([what, count]) => `${what} ${count}`).join(", ")}`,
    );
  }
}

const timers: NodeJS.Timeout[] = [];
const running = new Set<Promise<unknown>>();

export function startJobs() {
  for (const job of clubJobs()) {
    let busy = false;
    const turn = () => {
      if (busy) return;
      busy = true;
      const work = job
        .run()
        .catch((error: unknown) => logger().error({ err: error }, `${job.name} failed`))
        .finally(() => {
          busy = false;
          running.delete(work);
        });
      running.add(work);
    };
    turn();
    const timer = setInterval(turn, job.everySeconds * 1000);
    timer.unref();
    timers.push(timer);
  }
}

/** Stops the timers and waits for the turns under way (before the database closes). */
export async function stopJobs() {
  for (const timer of timers.splice(0)) clearInterval(timer);
  await Promise.allSettled([...running]);
  await commentNotificationsSettled();
  await recapsSettled();
  await passwordResetMailsSettled();
  await removalsSettled();
}
